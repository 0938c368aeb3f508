import {
  AI_VISIBILITY_MAX_DAYS,
  AiVisibilityExportParams,
  type BulkExport,
  BulkExportCreateParams,
  type BulkExportFormat,
  type BulkExportType,
  ContentExportParams,
  KeywordExportParams,
} from '@rankquill/contract';
import type { z } from 'zod';
import type { StoreWriter } from '../../store/store';
import { slugify } from '../content/article-html';
import { type AnswerRecorder, recorded } from '../kernel/answer-recorder';
import { isoTime } from '../kernel/clock';
import type { EngineContext } from '../kernel/context';
import { ConflictError, InvalidRequestError, NotFoundError, ServiceError } from '../kernel/errors';
import type { JobQueue } from '../kernel/jobs';
import type { AccountRecord, ProjectRecord } from '../kernel/records';
import { parseInput } from '../kernel/validation';
import type { KeywordService } from '../keywords/keywords';
import type { ProjectService } from '../projects/projects';
import {
  AI_VISIBILITY_EXPORT_MEDIA,
  type AiVisibilitySource,
  aiVisibilityJson,
} from './ai-visibility-export';
import { BULK_EXPORT_MEDIA, bulkExportFile } from './bulk-export-file';
import type { BulkExportSections } from './bulk-export-sections';
import { byteChunks, STREAM_CHUNK_BYTES } from './byte-chunks';
import { CONTENT_EXPORT_MEDIA, contentExportBody, projectArticles } from './content-export';
import { checkDownloadLink } from './download-link';
import { DOWNLOAD_URL_TTL_MS, DownloadTokens } from './download-token';
import { ExportFiles } from './export-files';
import type { ExportRecord } from './export-records';
import { KEYWORD_EXPORT_MEDIA, keywordCsv } from './keyword-export';

/** Job kind that makes a bulk export's file; its subject is the export id. */
export const EXPORT_JOB = 'export.run';
/** Job kind that deletes a ready export's file when it expires. */
export const EXPORT_EXPIRY_JOB = 'export.expire';
/** How long the file of a ready export is kept. */
export const EXPORT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A file answer: what the API layer streams with `Content-Type` and `Content-Disposition`. */
export interface ExportFile {
  contentType: string;
  filename: string;
  /** UTF-8 chunks of a few dozen kilobytes, produced as they are read: a large project is never held in memory whole. */
  body: AsyncIterable<Uint8Array>;
}

/** Where the download URL of a ready export points. */
export interface DownloadUrlOptions {
  /** What comes before `/v1`, such as `http://127.0.0.1:4010`; without it the URL is a path. */
  baseUrl?: string | undefined;
}

/**
 * Exports of a project. Three are streamed on request (content as JSON, CSV, HTML or Markdown;
 * keywords as CSV; AI visibility as JSON), read a page at a time. A bulk export is a durable job
 * on the clock (`pending` → `processing` → `ready` or `failed`, later `expired`): it writes its
 * file in fixed-size pieces to the store, and its signed `download_url` serves that snapshot
 * without an API key until the URL expires.
 */
export class ExportService {
  private readonly files: ExportFiles;
  private readonly tokens: DownloadTokens;

  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
    private readonly keywordService: KeywordService,
    private readonly aiVisibilitySource: AiVisibilitySource,
    signingSecret: string,
  ) {
    this.files = new ExportFiles(ctx.store);
    this.tokens = new DownloadTokens(signingSecret);
    // A large export takes seconds: it runs in a background lane of its own, beside deliveries.
    ctx.jobs.on(EXPORT_JOB, (job) => this.run(job.subject_id), 'export');
    ctx.jobs.on(EXPORT_EXPIRY_JOB, (job) => this.expire(job.subject_id));
  }

  /**
   * Every article of the project that has a body, oldest first, streamed in `format`
   * (`json`, `csv`, `html` or `markdown`).
   *
   * @example
   * ```ts
   * const file = await engine.exports.content(account, 'proj_123', { format: 'csv' });
   * for await (const chunk of file.body) socket.write(chunk);
   * ```
   */
  async content(account: AccountRecord, projectId: string, query: unknown): Promise<ExportFile> {
    const format = parseFormat(ContentExportParams, query);
    const project = await this.projects.owned(account, projectId);
    const now = this.ctx.clock.now();
    const media = CONTENT_EXPORT_MEDIA[format];
    return {
      contentType: media.contentType,
      filename: fileName(project, 'content', now, media.extension),
      body: byteChunks(
        contentExportBody(format, {
          project,
          exportedAt: now,
          articles: projectArticles(this.ctx.store, project.id),
        }),
        STREAM_CHUNK_BYTES,
        this.ctx.pause,
      ),
    };
  }

  /**
   * Every tracked keyword with its latest figures, as CSV (spec 2.3 columns).
   *
   * @example
   * ```ts
   * const file = await engine.exports.keywords(account, 'proj_123', { format: 'csv' });
   * ```
   */
  async keywords(account: AccountRecord, projectId: string, query: unknown): Promise<ExportFile> {
    parseFormat(KeywordExportParams, query);
    const project = await this.projects.owned(account, projectId);
    const pages = await this.keywordService.exportRows(account, project.id);
    return {
      contentType: KEYWORD_EXPORT_MEDIA.contentType,
      filename: fileName(project, 'keywords', this.ctx.clock.now(), KEYWORD_EXPORT_MEDIA.extension),
      body: byteChunks(keywordCsv(pages), STREAM_CHUNK_BYTES, this.ctx.pause),
    };
  }

  /**
   * The AI-visibility data as one JSON document: the score over the last 30 days with its
   * citation score, platform breakdown and cited domains, the daily figures, then every topic,
   * prompt and response.
   *
   * @example
   * ```ts
   * const file = await engine.exports.aiVisibility(account, 'proj_123', { format: 'json' });
   * ```
   */
  async aiVisibility(account: AccountRecord, projectId: string, query: unknown): Promise<ExportFile> {
    parseFormat(AiVisibilityExportParams, query);
    const project = await this.projects.owned(account, projectId);
    const now = this.ctx.clock.now();
    return {
      contentType: AI_VISIBILITY_EXPORT_MEDIA.contentType,
      filename: fileName(project, 'ai-visibility', now, AI_VISIBILITY_EXPORT_MEDIA.extension),
      body: byteChunks(
        aiVisibilityJson(this.aiVisibilitySource, project, now),
        STREAM_CHUNK_BYTES,
        this.ctx.pause,
      ),
    };
  }

  /**
   * Starts a bulk export; it answers at once with `status: 'pending'`. The file is made in the
   * background; poll `retrieve` until `ready`, then download `download_url`.
   *
   * @example
   * ```ts
   * const started = await engine.exports.create(account, 'proj_123', { types: ['content'], format: 'csv' });
   * ```
   */
  async create(
    account: AccountRecord,
    projectId: string,
    input: unknown,
    answer?: AnswerRecorder,
  ): Promise<BulkExport> {
    const params = parseInput(BulkExportCreateParams, input);
    const types = BULK_EXPORT_ORDER.filter((type) => params.types.includes(type));
    const range = params.date_range;
    if (range && types.includes('ai-visibility')) {
      const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
      if (days > AI_VISIBILITY_MAX_DAYS) {
        throw new InvalidRequestError(
          `\`date_range\` covers ${days} days; with ai-visibility it may cover at most ${AI_VISIBILITY_MAX_DAYS}. Export a shorter range, or leave ai-visibility out.`,
          'date_range',
        );
      }
    }
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const { id, seq } = await this.ctx.ids.next(tx, 'exp');
      const now = this.ctx.clock.now();
      const media = BULK_EXPORT_MEDIA[params.format];
      const record: ExportRecord = {
        id,
        seq,
        project_id: project.id,
        status: 'pending',
        types,
        format: params.format,
        date_range: params.date_range ?? null,
        filename: fileName(project, 'export', now, media.extension),
        content_type: media.contentType,
        size_bytes: null,
        chunk_count: null,
        created_at: now,
        started_at: null,
        completed_at: null,
        expires_at: null,
        failure_reason: null,
      };
      await tx.insert('exports', { ...record });
      await this.ctx.jobs.schedule(tx, EXPORT_JOB, id, now);
      return recorded(tx, await this.resource(record, {}), answer);
    });
  }

  /**
   * Gets a bulk export. A ready one carries a freshly signed `download_url`, valid for an hour
   * (or until the file expires, when that comes first).
   *
   * @example
   * ```ts
   * const exp = await engine.exports.retrieve(account, 'proj_123', 'exp_456', { baseUrl: 'http://127.0.0.1:4010' });
   * if (exp.status === 'ready') console.log(exp.download_url);
   * ```
   */
  async retrieve(
    account: AccountRecord,
    projectId: string,
    exportId: string,
    options: DownloadUrlOptions = {},
  ): Promise<BulkExport> {
    const project = await this.projects.owned(account, projectId);
    const record = await this.ctx.store.get<ExportRecord>('exports', exportId);
    if (!record || record.project_id !== project.id) {
      throw new NotFoundError(
        `No export with id ${exportId} in project ${project.id}. Start one with POST /v1/projects/${project.id}/export.`,
        'exportId',
      );
    }
    return this.resource(record, options);
  }

  /**
   * The file of a ready export, for a signed download URL (`checkDownloadLink` first).
   * `format`, given at a download path of one format (`download.zip`), must be the export's:
   * another one is a 404 naming the path of its file.
   *
   * @example
   * ```ts
   * const file = await engine.exports.download('proj_123', 'exp_456', { expires: '1767229200', signature: '…' });
   * ```
   */
  async download(
    projectId: string,
    exportId: string,
    query: Record<string, string | undefined>,
    format?: BulkExportFormat,
  ): Promise<ExportFile> {
    await checkDownloadLink(this.tokens, projectId, exportId, query, this.ctx.clock.now());
    const record = await this.ctx.store.get<ExportRecord>('exports', exportId);
    const project = await this.ctx.store.get<ProjectRecord>('projects', projectId);
    if (!record || !project || record.project_id !== project.id) {
      throw new NotFoundError(`Export ${exportId} no longer exists.`, 'exportId');
    }
    if (record.status === 'expired') {
      throw new NotFoundError(
        `Export ${exportId} expired at ${isoTime(record.expires_at ?? 0)} and its file was deleted; start a new export.`,
        'exportId',
      );
    }
    if (record.status !== 'ready' || record.chunk_count === null) {
      throw new ConflictError(`Export ${exportId} is ${record.status}; download it once it is ready.`);
    }
    if (format !== undefined && format !== record.format) {
      const extension = BULK_EXPORT_MEDIA[record.format].extension;
      throw new NotFoundError(
        `Export ${exportId} is in ${record.format} format, not ${format}: its file is at /v1/projects/${projectId}/exports/${exportId}/download.${extension} (the same query), or at download_url.`,
        'exportId',
      );
    }
    return {
      contentType: record.content_type,
      filename: record.filename,
      body: this.files.read(record.id, record.chunk_count),
    };
  }

  /** Makes the file of a pending export (the job). At least once: a rerun starts the file over. */
  private async run(exportId: string): Promise<void> {
    const started = await this.ctx.store.transaction(async (tx) => {
      const record = await tx.get<ExportRecord>('exports', exportId);
      if (!record || (record.status !== 'pending' && record.status !== 'processing')) return undefined;
      await this.files.remove(tx, exportId);
      const processing: ExportRecord = { ...record, status: 'processing', started_at: this.ctx.clock.now() };
      await tx.put('exports', { ...processing });
      return processing;
    });
    if (!started) return;
    let outcome: Partial<ExportRecord>;
    let unexpected: unknown;
    try {
      const project = await this.ctx.store.get<ProjectRecord>('projects', started.project_id);
      if (!project) throw new ExportFailure('the project was deleted while the export waited');
      const sections = await this.sections(project);
      const file = await this.files.write(
        exportId,
        bulkExportFile(started, project, sections, this.ctx.clock.now()),
      );
      const now = this.ctx.clock.now();
      outcome = {
        status: 'ready',
        size_bytes: file.size,
        chunk_count: file.chunks,
        completed_at: now,
        expires_at: now + EXPORT_RETENTION_MS,
      };
    } catch (error) {
      outcome = {
        status: 'failed',
        completed_at: this.ctx.clock.now(),
        failure_reason:
          error instanceof ExportFailure || error instanceof ServiceError
            ? error.message
            : 'The export could not be made; start it again.',
      };
      if (!(error instanceof ExportFailure) && !(error instanceof ServiceError)) unexpected = error;
    }
    await this.ctx.store.transaction(async (tx) => {
      const record = await tx.get<ExportRecord>('exports', exportId);
      if (record?.status !== 'processing') {
        // Deleted with its project while the file was being written: drop the pieces written.
        if (!record) await this.files.remove(tx, exportId);
        return;
      }
      if (outcome.status === 'failed') await this.files.remove(tx, exportId);
      await tx.put('exports', { ...record, ...outcome });
      if (outcome.expires_at)
        await this.ctx.jobs.schedule(tx, EXPORT_EXPIRY_JOB, exportId, outcome.expires_at);
    });
    // Marked failed first; rethrown so the engine's onJobError hears of a bug.
    if (unexpected !== undefined) throw unexpected;
  }

  /** Deletes a ready export's file when its time is up. */
  private async expire(exportId: string): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const record = await tx.get<ExportRecord>('exports', exportId);
      if (record?.status !== 'ready') return;
      await this.files.remove(tx, exportId);
      await tx.put('exports', { ...record, status: 'expired', chunk_count: null });
    });
  }

  /** What each section of a bulk export is read from, for a project (the job has no account at hand). */
  private async sections(project: ProjectRecord): Promise<BulkExportSections> {
    const account = await this.ctx.store.get<AccountRecord>('accounts', project.account_id);
    if (!account) throw new ExportFailure('the account of the project no longer exists');
    return {
      store: this.ctx.store,
      keywordPages: () => this.keywordService.exportRows(account, project.id),
      aiVisibility: this.aiVisibilitySource,
    };
  }

  private async resource(record: ExportRecord, options: DownloadUrlOptions): Promise<BulkExport> {
    let downloadUrl: string | null = null;
    let urlExpiresAt: number | null = null;
    if (record.status === 'ready' && record.expires_at !== null) {
      // Whole seconds, so the expiry in the URL is the one signed.
      urlExpiresAt =
        Math.floor(Math.min(this.ctx.clock.now() + DOWNLOAD_URL_TTL_MS, record.expires_at) / 1000) * 1000;
      const expires = urlExpiresAt / 1000;
      const signature = await this.tokens.sign(record.id, expires);
      downloadUrl = `${options.baseUrl ?? ''}/v1/projects/${encodeURIComponent(record.project_id)}/exports/${encodeURIComponent(record.id)}/download?expires=${expires}&signature=${signature}`;
    }
    return {
      id: record.id,
      project_id: record.project_id,
      status: record.status,
      types: record.types,
      format: record.format,
      date_range: record.date_range,
      filename: record.filename,
      content_type: record.content_type,
      size_bytes: record.size_bytes,
      created_at: isoTime(record.created_at),
      completed_at: record.completed_at === null ? null : isoTime(record.completed_at),
      expires_at: record.expires_at === null ? null : isoTime(record.expires_at),
      download_url: downloadUrl,
      download_url_expires_at: urlExpiresAt === null ? null : isoTime(urlExpiresAt),
      failure_reason: record.failure_reason,
    };
  }
}

/** A reason an export failed that the customer may read. */
/** Removes a project's exports, their stored files and their pending jobs (when the project is deleted). */
export async function removeProjectExports(
  tx: StoreWriter,
  jobs: JobQueue,
  projectId: string,
): Promise<void> {
  const exports = await tx.find<ExportRecord>('exports', { where: { project_id: projectId } });
  for (const record of exports) {
    await jobs.cancel(tx, record.id);
    await tx.deleteWhere('export_chunks', { export_id: record.id });
  }
  await tx.deleteWhere('exports', { project_id: projectId });
}

class ExportFailure extends Error {}

/** Sections in the order files and documents list them. */
const BULK_EXPORT_ORDER: readonly BulkExportType[] = ['content', 'keywords', 'ai-visibility'];

/** `northwind-coffee-content-2026-01-01.csv`: project, what, UTC day. */
function fileName(project: ProjectRecord, what: string, at: number, extension: string): string {
  return `${slugify(project.name)}-${what}-${isoTime(at).slice(0, 10)}.${extension}`;
}

/** The `format` of an export query; a missing one is a 400 that lists the formats there are. */
function parseFormat<F extends string>(schema: z.ZodType<{ format: F }>, query: unknown): F {
  const given = (query as Record<string, unknown> | null | undefined)?.format;
  if (given === undefined || given === '') {
    const allowed = formatsOf(schema);
    throw new InvalidRequestError(
      `\`format\` is required: one of ${allowed.join(', ')}, such as ?format=${allowed[0]}.`,
      'format',
    );
  }
  return parseInput(schema, query, 'query').format;
}

function formatsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape: { format: { options: string[] } } }).shape;
  return shape.format.options;
}
