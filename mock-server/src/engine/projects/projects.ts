import {
  type Deleted,
  type ListEnvelope,
  ListParams,
  type Project,
  ProjectCreateParams,
  ProjectUpdateParams,
  type PublicApiKeyRotation,
  type WebhookSigningSecretRotation,
} from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import { type AnswerRecorder, recorded } from '../kernel/answer-recorder';
import { isoTime } from '../kernel/clock';
import type { EngineContext } from '../kernel/context';
import { ConflictError, NotFoundError } from '../kernel/errors';
import type { JobQueue } from '../kernel/jobs';
import { paginationOf } from '../kernel/pagination';
import type { AccountRecord, ProjectRecord } from '../kernel/records';
import { definedFields, parseInput, sameRecord } from '../kernel/validation';
import { projectResource } from './serializers';
import {
  checkWebhookUrl,
  nextWebhookSettings,
  rotatedWebhookSettings,
  type WebhookUrlCheck,
} from './webhook-settings';

/** Prefix of public article API keys. */
export const PUBLIC_API_KEY_PREFIX = 'rqp_';

/**
 * Removes one domain's rows of a project being deleted, and cancels that domain's jobs about
 * them, inside the deletion's transaction. A domain removes only its own tables.
 */
export type ProjectCleanup = (tx: StoreWriter, jobs: JobQueue, projectId: string) => Promise<void>;

/** Projects of an account. Another account's project answers 404, never 403. */
export class ProjectService {
  /**
   * @param cleanups What deleting a project removes besides its row, run in this order; the
   * composition root passes one per domain that keeps rows of a project.
   */
  constructor(
    private readonly ctx: EngineContext,
    private readonly cleanups: readonly ProjectCleanup[],
    private readonly webhookUrlCheck: WebhookUrlCheck = async () => undefined,
  ) {}

  async list(account: AccountRecord, query: unknown): Promise<ListEnvelope<Project>> {
    const { limit, offset } = parseInput(ListParams, query, 'query');
    const where = { account_id: account.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('projects', where),
      this.ctx.store.find<ProjectRecord>('projects', {
        where,
        orderBy: [['seq', 'desc']],
        limit,
        offset,
      }),
    ]);
    return {
      data: rows.map((row) => projectResource(row)),
      pagination: paginationOf(limit, offset, rows.length, total),
    };
  }

  async create(account: AccountRecord, input: unknown, record?: AnswerRecorder): Promise<Project> {
    const params = parseInput(ProjectCreateParams, input);
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.insert(tx, account, {
        ...params,
        brand_names: params.brand_names ?? [params.name],
      });
      return recorded(tx, projectResource(project), record);
    });
  }

  /** Adds a project inside `tx`; used by `create` and by the demo data. */
  async insert(
    tx: StoreWriter,
    account: Pick<AccountRecord, 'id'>,
    fields: Pick<ProjectRecord, 'name' | 'domain' | 'language' | 'brand_names'>,
  ): Promise<ProjectRecord> {
    const { id, seq } = await this.ctx.ids.next(tx, 'proj');
    const now = this.ctx.clock.now();
    const record: ProjectRecord = {
      id,
      seq,
      account_id: account.id,
      ...fields,
      public_api_key: this.ctx.ids.keyFor(PUBLIC_API_KEY_PREFIX, 'public-key', seq),
      webhook: null,
      created_at: now,
      updated_at: now,
    };
    await tx.insert('projects', { ...record });
    return record;
  }

  async retrieve(account: AccountRecord, projectId: string): Promise<Project> {
    return projectResource(await this.owned(account, projectId));
  }

  /**
   * Changes a project. A webhook set for the first time gets a signing secret, answered this
   * once as `webhook.signing_secret`; a URL the egress policy refuses is a 400 naming `webhook.url`.
   */
  async update(account: AccountRecord, projectId: string, input: unknown): Promise<Project> {
    const params = parseInput(ProjectUpdateParams, input);
    // Before the transaction: checking may resolve the host name.
    if (params.webhook) await checkWebhookUrl(this.webhookUrlCheck, params.webhook.url);
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.owned(account, projectId, tx);
      const { webhook, ...fields } = definedFields(params);
      const next =
        webhook === undefined || webhook === null
          ? undefined
          : await nextWebhookSettings(this.ctx, tx, project.webhook, webhook);
      const changed: ProjectRecord = {
        ...project,
        ...fields,
        ...(webhook === undefined ? {} : { webhook: next?.settings ?? null }),
      };
      // An update that changes nothing writes nothing and keeps updated_at.
      if (sameRecord(changed, project)) return projectResource(project, next?.created);
      const updated: ProjectRecord = { ...changed, updated_at: this.ctx.clock.now() };
      await tx.put('projects', { ...updated });
      return projectResource(updated, next?.created);
    });
  }

  /**
   * Replaces the webhook's signing secret and answers the new one, this once. For 24 hours of
   * server time deliveries carry signatures by both, so receivers can switch without a gap.
   */
  async rotateSigningSecret(
    account: AccountRecord,
    projectId: string,
    record?: AnswerRecorder,
  ): Promise<WebhookSigningSecretRotation> {
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.owned(account, projectId, tx);
      if (!project.webhook) {
        throw new ConflictError(
          `Project ${project.id} has no webhook, so no signing secret. Set one first with PUT /v1/projects/${project.id} and {"webhook": {"url": "https://…", "secret": "…"}}; its answer holds the signing secret.`,
          'webhook',
        );
      }
      const webhook = await rotatedWebhookSettings(this.ctx, tx, project.webhook);
      await tx.put('projects', {
        ...project,
        webhook,
        updated_at: this.ctx.clock.now(),
      } satisfies ProjectRecord);
      return recorded(
        tx,
        {
          signing_secret: webhook.signing_secret as string,
          previous_signing_secret_expires_at:
            webhook.previous_signing_secret_expires_at == null
              ? null
              : isoTime(webhook.previous_signing_secret_expires_at),
        },
        record,
      );
    });
  }

  async delete(account: AccountRecord, projectId: string): Promise<Deleted> {
    await this.ctx.store.transaction(async (tx) => {
      await this.owned(account, projectId, tx);
      for (const cleanup of this.cleanups) await cleanup(tx, this.ctx.jobs, projectId);
      await tx.delete('projects', projectId);
    });
    return { id: projectId, deleted: true };
  }

  /** Replaces the public article API key; the old key answers 401 `Invalid API key` from now on. */
  async rotatePublicApiKey(
    account: AccountRecord,
    projectId: string,
    record?: AnswerRecorder,
  ): Promise<PublicApiKeyRotation> {
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.owned(account, projectId, tx);
      const seq = await this.ctx.ids.nextSeq(tx);
      const key = this.ctx.ids.keyFor(PUBLIC_API_KEY_PREFIX, 'public-key', seq);
      await tx.put('projects', { ...project, public_api_key: key, updated_at: this.ctx.clock.now() });
      return recorded(tx, { public_api_key: key }, record);
    });
  }

  /** The account's project, or a 404 that does not reveal whether another account has it. */
  async owned(
    account: Pick<AccountRecord, 'id'>,
    projectId: string,
    reader: Pick<StoreWriter, 'get'> = this.ctx.store,
  ): Promise<ProjectRecord> {
    const project = await reader.get<ProjectRecord>('projects', projectId);
    if (!project || project.account_id !== account.id) {
      throw new NotFoundError(
        `No project with id ${projectId}. List your projects with GET /v1/projects.`,
        'projectId',
      );
    }
    return project;
  }
}
