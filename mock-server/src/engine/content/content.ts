import {
  ContentCreateParams,
  type ContentCreateResponse,
  type ContentItem,
  ContentListParams,
  ContentUpdateParams,
  type Deleted,
  type ListEnvelope,
  ListParams,
} from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import { type AnswerRecorder, recorded } from '../kernel/answer-recorder';
import type { EngineContext } from '../kernel/context';
import { ConflictError, NotFoundError } from '../kernel/errors';
import type { JobQueue } from '../kernel/jobs';
import { paginationOf } from '../kernel/pagination';
import type { AccountRecord, ContentRecord, ProjectRecord } from '../kernel/records';
import { definedFields, parseInput, sameRecord } from '../kernel/validation';
import type { ProjectService } from '../projects/projects';
import type { WebhookOutbox } from '../webhooks/outbox';
import { countWords, htmlToText, sanitizeArticleHtml, slugify } from './article-html';
import type { ContentGenerator } from './generator';
import { contentCreated, contentResource } from './serializers';
import { articlePayload, articleRemovalPayload, contentGeneratedPayload } from './webhook-payloads';

/** Job kind that finishes a generation at `estimated_completion`. */
export const GENERATION_JOB = 'content.generate';

/**
 * Simulated generation time: a fixed start-up plus one second per 20 requested words.
 *
 * @example
 * ```ts
 * generationSeconds(1500); // 95: a 1,500-word article is ready 95 s after it was requested
 * ```
 */
export function generationSeconds(length: number): number {
  return 20 + Math.ceil(length / 20);
}

const ListQuery = ListParams.extend(ContentListParams.shape);

/**
 * Content lifecycle: `generating` → `draft` (or `published` with `auto_publish`) or `failed`;
 * `draft` → `published` (publish); `published` → `draft` (unpublish); a published article
 * stays published when edited. Anything else is a 409 that says which state allows it.
 * Each change puts its webhook event in the outbox within its own transaction: `content.generated`,
 * `content.published`, `content.updated` (edit of a published article), `content.unpublished`
 * and `content.deleted` (of a published article); drafts fire nothing else.
 */
export class ContentService {
  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
    private readonly outbox: WebhookOutbox,
    private readonly generator: ContentGenerator,
  ) {
    ctx.jobs.on(GENERATION_JOB, (job) => this.finishGeneration(job.subject_id, this.ctx.clock.now()));
  }

  async list(account: AccountRecord, projectId: string, query: unknown): Promise<ListEnvelope<ContentItem>> {
    const { limit, offset, status } = parseInput(ListQuery, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const where: Record<string, string> = status
      ? { project_id: project.id, status }
      : { project_id: project.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('content', where),
      this.ctx.store.find<ContentRecord>('content', {
        where,
        orderBy: [['seq', 'desc']],
        limit,
        offset,
      }),
    ]);
    return {
      data: rows.map((row) => contentResource(row, project)),
      pagination: paginationOf(limit, offset, rows.length, total),
    };
  }

  async create(
    account: AccountRecord,
    projectId: string,
    input: unknown,
    record?: AnswerRecorder,
  ): Promise<ContentCreateResponse> {
    const params = parseInput(ContentCreateParams, input);
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      return recorded(tx, contentCreated(await this.insert(tx, project, params)), record);
    });
  }

  /** Adds a generating item and schedules its completion; used by `create` and the demo data. */
  async insert(
    tx: StoreWriter,
    project: ProjectRecord,
    params: Pick<ContentRecord, 'keyword' | 'type' | 'length' | 'auto_publish'>,
  ): Promise<ContentRecord> {
    const { id, seq } = await this.ctx.ids.next(tx, 'cnt');
    const now = this.ctx.clock.now();
    const record: ContentRecord = {
      id,
      seq,
      project_id: project.id,
      status: 'generating',
      keyword: params.keyword,
      type: params.type,
      length: params.length,
      auto_publish: params.auto_publish,
      title: null,
      slug: null,
      content: null,
      content_text: null,
      excerpt: null,
      meta_title: null,
      meta_description: null,
      keywords: [],
      featured_image: null,
      author: null,
      canonical_url: '',
      word_count: null,
      failure_reason: null,
      estimated_completion: now + generationSeconds(params.length) * 1000,
      created_at: now,
      updated_at: now,
      published_at: null,
      published_url: null,
    };
    await tx.insert('content', { ...record });
    await this.ctx.jobs.schedule(tx, GENERATION_JOB, id, record.estimated_completion);
    return record;
  }

  async retrieve(account: AccountRecord, projectId: string, contentId: string): Promise<ContentItem> {
    const project = await this.projects.owned(account, projectId);
    return contentResource(await this.item(project, contentId), project);
  }

  async update(
    account: AccountRecord,
    projectId: string,
    contentId: string,
    input: unknown,
  ): Promise<ContentItem> {
    const params = definedFields(parseInput(ContentUpdateParams, input));
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const item = await this.item(project, contentId, tx);
      if (item.status === 'generating' || item.status === 'failed') {
        throw new ConflictError(
          item.status === 'generating'
            ? `Content ${item.id} is still generating; edit it after ${new Date(item.estimated_completion).toISOString()}.`
            : `Content ${item.id} failed to generate and cannot be edited; delete it and create it again.`,
        );
      }
      if (params.slug !== undefined && params.slug !== item.slug)
        await this.assertSlugFree(tx, project, params.slug);
      const changed: ContentRecord = { ...item, ...params };
      if (params.content !== undefined) Object.assign(changed, this.body(params.content));
      // An update that changes nothing writes nothing, keeps updated_at and sends no event.
      if (sameRecord(changed, item)) return contentResource(item, project);
      const updated: ContentRecord = { ...changed, updated_at: this.ctx.clock.now() };
      await tx.put('content', { ...updated });
      const payload = articlePayload(updated, project);
      if (
        item.status === 'published' &&
        JSON.stringify(payload) !== JSON.stringify(articlePayload(item, project))
      ) {
        await this.outbox.emit(tx, project, {
          event: 'content.updated',
          body: payload,
          contentId: item.id,
          message: `Published article "${updated.title}" was edited.`,
        });
      }
      return contentResource(updated, project);
    });
  }

  async delete(account: AccountRecord, projectId: string, contentId: string): Promise<Deleted> {
    await this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const item = await this.item(project, contentId, tx);
      await this.ctx.jobs.cancel(tx, item.id);
      await tx.delete('content', item.id);
      // A draft was never on the customer's site (or was taken off it when unpublished).
      if (item.status === 'published') {
        await this.outbox.emit(tx, project, {
          event: 'content.deleted',
          body: articleRemovalPayload('content.deleted', item, project, this.ctx.clock.now()),
          contentId: item.id,
          message: `Published article "${item.title}" was deleted.`,
        });
      }
    });
    return { id: contentId, deleted: true };
  }

  async publish(
    account: AccountRecord,
    projectId: string,
    contentId: string,
    record?: AnswerRecorder,
  ): Promise<ContentItem> {
    return this.transition(account, projectId, contentId, 'published', record, (item) => {
      if (item.status === 'draft') return;
      if (item.status === 'published') return `Content ${item.id} is already published.`;
      if (item.status === 'generating') {
        return `Content ${item.id} is still generating; publish it after ${new Date(item.estimated_completion).toISOString()}, or create it with "auto_publish": true.`;
      }
      return `Content ${item.id} failed to generate and cannot be published; create it again.`;
    });
  }

  async unpublish(
    account: AccountRecord,
    projectId: string,
    contentId: string,
    record?: AnswerRecorder,
  ): Promise<ContentItem> {
    return this.transition(account, projectId, contentId, 'draft', record, (item) =>
      item.status === 'published'
        ? undefined
        : `Content ${item.id} is ${item.status}; only a published article can be unpublished.`,
    );
  }

  private async transition(
    account: AccountRecord,
    projectId: string,
    contentId: string,
    to: 'draft' | 'published',
    record: AnswerRecorder | undefined,
    refusal: (item: ContentRecord) => string | undefined,
  ): Promise<ContentItem> {
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const item = await this.item(project, contentId, tx);
      const reason = refusal(item);
      if (reason) throw new ConflictError(reason);
      const now = this.ctx.clock.now();
      const updated: ContentRecord = {
        ...item,
        status: to,
        updated_at: now,
        published_at: to === 'published' ? now : item.published_at,
        // Taken offline, the article is no longer at the URL the receiver gave.
        published_url: to === 'published' ? (item.published_url ?? null) : null,
      };
      await tx.put('content', { ...updated });
      await this.outbox.emit(
        tx,
        project,
        to === 'published'
          ? {
              event: 'content.published',
              body: articlePayload(updated, project),
              contentId: item.id,
              message: `Article "${updated.title}" was published.`,
            }
          : {
              event: 'content.unpublished',
              body: articleRemovalPayload('content.unpublished', updated, project, now),
              contentId: item.id,
              message: `Article "${updated.title}" was unpublished.`,
            },
      );
      return recorded(tx, contentResource(updated, project), record);
    });
  }

  private async item(
    project: ProjectRecord,
    contentId: string,
    reader: Pick<StoreWriter, 'get'> = this.ctx.store,
  ): Promise<ContentRecord> {
    const item = await reader.get<ContentRecord>('content', contentId);
    if (!item || item.project_id !== project.id) {
      throw new NotFoundError(
        `No content with id ${contentId} in project ${project.id}. List it with GET /v1/projects/${project.id}/content.`,
        'contentId',
      );
    }
    return item;
  }

  private body(html: string): Pick<ContentRecord, 'content' | 'content_text' | 'word_count'> {
    const content = sanitizeArticleHtml(html);
    const text = htmlToText(content);
    return { content, content_text: text, word_count: countWords(text) };
  }

  private async assertSlugFree(tx: StoreWriter, project: ProjectRecord, slug: string): Promise<void> {
    const taken = await tx.count('content', { project_id: project.id, slug });
    if (taken > 0)
      throw new ConflictError(`Slug "${slug}" is already used by another article of this project.`, 'slug');
  }

  private async uniqueSlug(tx: StoreWriter, project: ProjectRecord, title: string): Promise<string> {
    const base = slugify(title);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if ((await tx.count('content', { project_id: project.id, slug })) === 0) return slug;
    }
  }

  /** Finishes a generation at once, as if it completed at `at` (used for back-dated demo data). */
  async completeNow(contentId: string, at: number): Promise<void> {
    await this.ctx.store.transaction((tx) => this.ctx.jobs.cancel(tx, contentId));
    await this.finishGeneration(contentId, at);
  }

  /** Writes the article of a generating item (generation runs outside the transaction). */
  private async finishGeneration(contentId: string, at: number): Promise<void> {
    const pending = await this.ctx.store.get<ContentRecord>('content', contentId);
    if (pending?.status !== 'generating') return;
    const project = await this.ctx.store.get<ProjectRecord>('projects', pending.project_id);
    if (!project) return;
    let outcome: Partial<ContentRecord>;
    try {
      const article = await this.generator.generate(
        {
          keyword: pending.keyword,
          type: pending.type,
          length: pending.length,
          language: project.language,
          project,
        },
        this.ctx.random.fork(`content:${pending.id}`),
      );
      outcome = {
        status: pending.auto_publish ? 'published' : 'draft',
        title: article.title,
        ...this.body(article.html),
        excerpt: article.excerpt,
        meta_title: article.meta_title,
        meta_description: article.meta_description,
        keywords: article.keywords,
        featured_image: article.featured_image,
        author: article.author,
      };
    } catch (error) {
      outcome = { status: 'failed', failure_reason: error instanceof Error ? error.message : String(error) };
    }
    await this.ctx.store.transaction(async (tx) => {
      const item = await tx.get<ContentRecord>('content', pending.id);
      if (item?.status !== 'generating') return;
      const now = at;
      const slug = outcome.title ? await this.uniqueSlug(tx, project, outcome.title) : null;
      const done: ContentRecord = {
        ...item,
        ...outcome,
        slug,
        updated_at: now,
        published_at: outcome.status === 'published' ? now : null,
      };
      await tx.put('content', { ...done });
      if (done.status === 'failed') return;
      // Read inside the transaction: the webhook may have changed during generation.
      const current = (await tx.get<ProjectRecord>('projects', project.id)) ?? project;
      await this.outbox.emit(tx, current, {
        event: 'content.generated',
        body: contentGeneratedPayload(done),
        contentId: done.id,
        message: `Content "${done.title}" finished generating as ${done.status}.`,
        at: now,
      });
      if (done.status === 'published') {
        await this.outbox.emit(tx, current, {
          event: 'content.published',
          body: articlePayload(done, current),
          contentId: done.id,
          message: `Article "${done.title}" was published on completion (auto_publish).`,
          at: now,
        });
      }
    });
  }
}

/**
 * Keeps the address a receiver published an article at (told by the webhook deliveries). An
 * article unpublished or deleted meanwhile is no longer at that URL, so it keeps none.
 */
export async function storePublishedUrl(tx: StoreWriter, contentId: string, url: string): Promise<void> {
  // Most answers repeat the address the article has: two columns tell, without reading the article.
  if ((await tx.count('content', { id: contentId, status: 'published', published_url: url })) > 0) return;
  const item = await tx.get<ContentRecord>('content', contentId);
  // An update delivered to the same address changes nothing: no write, so cached reads stay.
  if (item?.status !== 'published' || item.published_url === url) return;
  await tx.put('content', { ...item, published_url: url });
}

/** Removes a project's content items and their pending generations (a step of deleting the project). */
export async function removeProjectContent(
  tx: StoreWriter,
  jobs: JobQueue,
  projectId: string,
): Promise<void> {
  const items = await tx.find<ContentRecord>('content', { where: { project_id: projectId } });
  for (const item of items) await jobs.cancel(tx, item.id);
  await tx.deleteWhere('content', { project_id: projectId });
}
