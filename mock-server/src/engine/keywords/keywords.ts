import {
  type Keyword,
  KeywordCreateParams,
  type KeywordOpportunity,
  KeywordPerformanceParams,
  type KeywordPerformancePoint,
  type ListEnvelope,
  ListParams,
  normalizeKeyword,
} from '@rankquill/contract';
import type { Condition, StoreReader, StoreWriter } from '../../store/store';
import { type AnswerRecorder, recorded } from '../kernel/answer-recorder';
import type { EngineContext } from '../kernel/context';
import { ConflictError, InvalidRequestError, NotFoundError } from '../kernel/errors';
import type { JobQueue } from '../kernel/jobs';
import { paginationOf } from '../kernel/pagination';
import type { AccountRecord, KeywordRankingRecord, KeywordRecord, ProjectRecord } from '../kernel/records';
import { nextUtcMidnight, utcDate } from '../kernel/utc-day';
import { parseInput } from '../kernel/validation';
import type { ProjectService } from '../projects/projects';
import { type DatedObservation, RANK_CHECK_JOB, type RankTracker } from './rank-tracker';
import { keywordOpportunity, keywordResource, performancePoint } from './serializers';

const PerformanceQuery = ListParams.extend(KeywordPerformanceParams.shape);

/** Keywords handed out per page by `exportRows`, unless told otherwise. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Tracked keywords of a project. Adding a keyword checks its ranking for the current UTC day
 * at once (so its history is never empty) and makes sure the project's daily check is
 * scheduled; `RankTracker` does the rest every day at 00:00 UTC.
 *
 * @example
 * ```ts
 * const keyword = await engine.keywords.create(account, 'proj_123', { keyword: 'cold brew ratio' });
 * ```
 */
export class KeywordService {
  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
    private readonly tracker: RankTracker,
  ) {}

  /**
   * Tracks a keyword. Empty, too long or already tracked (ignoring case and spacing) is a 400
   * or 409 naming `keyword`.
   *
   * @example
   * ```ts
   * const keyword = await engine.keywords.create(account, 'proj_123', { keyword: 'cold brew ratio' });
   * console.log(keyword.position, keyword.volume);
   * ```
   */
  async create(
    account: AccountRecord,
    projectId: string,
    input: unknown,
    record?: AnswerRecorder,
  ): Promise<Keyword> {
    const { keyword: text } = parseInput(KeywordCreateParams, input);
    const project = await this.projects.owned(account, projectId);
    const now = this.ctx.clock.now();
    const date = utcDate(now);
    // The provider may be slow or remote: ask it before the transaction, not inside.
    const observation = await this.tracker.observe(project, text, date);
    return this.ctx.store.transaction(async (tx) => {
      const current = await this.projects.owned(account, projectId, tx);
      const keyword = await this.insert(tx, current, text, now);
      const checked = await this.tracker.record(tx, current, keyword, date, observation, now);
      await this.tracker.ensureScheduled(tx, current.id, now);
      return recorded(tx, keywordResource(checked), record);
    });
  }

  /**
   * Adds a keyword row, not yet checked, inside `tx`; a keyword the project already tracks is a
   * 409. Used by `create` and by the demo data, which back-dates `createdAt`.
   * @example const keyword = await store.transaction((tx) => engine.keywords.insert(tx, project, 'cold brew ratio', engine.now()));
   */
  async insert(
    tx: StoreWriter,
    project: ProjectRecord,
    text: string,
    createdAt: number,
  ): Promise<KeywordRecord> {
    const key = text.toLowerCase();
    const [existing] = await tx.find<KeywordRecord>('keywords', {
      where: { project_id: project.id, keyword_key: key },
      limit: 1,
    });
    if (existing) {
      throw new ConflictError(
        `Project ${project.id} already tracks "${existing.keyword}" as ${existing.id} (keywords are compared ignoring case and spacing). Read it with GET /v1/projects/${project.id}/keywords.`,
        'keyword',
      );
    }
    const { id, seq } = await this.ctx.ids.next(tx, 'kw');
    const record: KeywordRecord = {
      id,
      seq,
      project_id: project.id,
      keyword: text,
      keyword_key: key,
      volume: 0,
      position: null,
      previous_position: null,
      impressions: 0,
      clicks: 0,
      opportunity_score: 0,
      created_at: createdAt,
      last_checked_on: null,
      last_checked_at: null,
    };
    await tx.insert('keywords', { ...record });
    return record;
  }

  /**
   * Lists a project's keywords with their latest figures, newest first.
   *
   * @example
   * ```ts
   * const page = await engine.keywords.list(account, 'proj_123', { limit: 20 });
   * ```
   */
  async list(account: AccountRecord, projectId: string, query: unknown): Promise<ListEnvelope<Keyword>> {
    const { limit, offset } = parseInput(ListParams, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const where = { project_id: project.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('keywords', where),
      this.ctx.store.find<KeywordRecord>('keywords', { where, orderBy: [['seq', 'desc']], limit, offset }),
    ]);
    return { data: rows.map(keywordResource), pagination: paginationOf(limit, offset, rows.length, total) };
  }

  /**
   * Lists a project's keywords by opportunity score, highest first (ties: the older keyword
   * first), with the inputs and factors of each score.
   *
   * @example
   * ```ts
   * const { data } = await engine.keywords.opportunities(account, 'proj_123', { limit: 5 });
   * console.log(data[0]?.keyword, data[0]?.opportunity_score);
   * ```
   */
  async opportunities(
    account: AccountRecord,
    projectId: string,
    query: unknown,
  ): Promise<ListEnvelope<KeywordOpportunity>> {
    const { limit, offset } = parseInput(ListParams, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const where = { project_id: project.id };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('keywords', where),
      this.ctx.store.find<KeywordRecord>('keywords', {
        where,
        orderBy: [
          ['opportunity_score', 'desc'],
          ['seq', 'asc'],
        ],
        limit,
        offset,
      }),
    ]);
    return {
      data: rows.map(keywordOpportunity),
      pagination: paginationOf(limit, offset, rows.length, total),
    };
  }

  /**
   * A keyword's daily ranking history, newest day first, optionally from and to a UTC day
   * (both included).
   *
   * @example
   * ```ts
   * const { data } = await engine.keywords.performance(account, 'proj_123', 'kw_456', { from: '2026-01-01', limit: 31 });
   * ```
   */
  async performance(
    account: AccountRecord,
    projectId: string,
    keywordId: string,
    query: unknown,
  ): Promise<ListEnvelope<KeywordPerformancePoint>> {
    const { limit, offset, from, to } = parseInput(PerformanceQuery, query, 'query');
    if (from !== undefined && to !== undefined && from > to) {
      throw new InvalidRequestError(
        `\`from\` (${from}) is after \`to\` (${to}); send a \`from\` on or before \`to\`.`,
        'from',
      );
    }
    const project = await this.projects.owned(account, projectId);
    const keyword = await this.keyword(project, keywordId);
    const where: Record<string, Condition> = { keyword_id: keyword.id };
    if (from !== undefined || to !== undefined)
      where.date = { gte: from ?? '0000-01-01', lte: to ?? '9999-12-31' };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('keyword_rankings', where),
      this.ctx.store.find<KeywordRankingRecord>('keyword_rankings', {
        where,
        orderBy: [['date', 'desc']],
        limit,
        offset,
      }),
    ]);
    return { data: rows.map(performancePoint), pagination: paginationOf(limit, offset, rows.length, total) };
  }

  /**
   * Every keyword of a project with its latest figures and opportunity score, oldest first, in
   * pages of `pageSize`, for exports that stream. The project is checked when this resolves (a
   * 404 comes before any page); pages are read as they are asked for, each after the last
   * keyword of the one before, so a keyword added meanwhile is neither skipped nor repeated.
   *
   * @example
   * ```ts
   * for await (const page of await engine.keywords.exportRows(account, 'proj_123')) {
   *   for (const row of page) write([row.keyword, row.volume, row.position, row.change, row.impressions, row.clicks, row.opportunity_score]);
   * }
   * ```
   */
  async exportRows(
    account: AccountRecord,
    projectId: string,
    { pageSize = EXPORT_PAGE_SIZE }: { pageSize?: number } = {},
  ): Promise<AsyncIterable<Keyword[]>> {
    const project = await this.projects.owned(account, projectId);
    const store: StoreReader = this.ctx.store;
    return {
      async *[Symbol.asyncIterator]() {
        let afterSeq = 0;
        for (;;) {
          const rows = await store.find<KeywordRecord>('keywords', {
            where: { project_id: project.id, seq: { gt: afterSeq } },
            orderBy: [['seq', 'asc']],
            limit: pageSize,
          });
          if (rows.length === 0) return;
          yield rows.map(keywordResource);
          if (rows.length < pageSize) return;
          afterSeq = rows[rows.length - 1]?.seq ?? afterSeq;
        }
      },
    };
  }

  /**
   * Tracks `text` as if it had been added at `since`: one check for every UTC day from then to
   * today, recorded without events (no receiver heard of them at the time), and the daily check
   * scheduled. Used by the back-dated demo data.
   *
   * @example
   * ```ts
   * await engine.keywords.backfill(project, 'cold brew ratio', engine.now() - 27 * DAY_MS);
   * ```
   */
  async backfill(project: ProjectRecord, text: string, since: number): Promise<KeywordRecord> {
    const keywordText = normalizeKeyword(text);
    const now = this.ctx.clock.now();
    const checks: DatedObservation[] = [];
    for (let at = since; at <= now; at = nextUtcMidnight(at)) {
      const date = utcDate(at);
      checks.push({ date, at, observation: await this.tracker.observe(project, keywordText, date) });
    }
    return this.ctx.store.transaction(async (tx) => {
      const keyword = await this.insert(tx, project, keywordText, since);
      const checked = await this.tracker.recordHistory(tx, keyword, checks);
      await this.tracker.ensureScheduled(tx, project.id, now);
      return checked;
    });
  }

  private async keyword(project: ProjectRecord, keywordId: string): Promise<KeywordRecord> {
    const keyword = await this.ctx.store.get<KeywordRecord>('keywords', keywordId);
    if (!keyword || keyword.project_id !== project.id) {
      throw new NotFoundError(
        `No keyword with id ${keywordId} in project ${project.id}. List them with GET /v1/projects/${project.id}/keywords.`,
        'keywordId',
      );
    }
    return keyword;
  }
}

/** Removes a project's keywords, their ranking history and its daily rank check (a step of deleting the project). */
export async function removeProjectKeywords(
  tx: StoreWriter,
  jobs: JobQueue,
  projectId: string,
): Promise<void> {
  await jobs.cancel(tx, projectId, RANK_CHECK_JOB);
  await tx.deleteWhere('keyword_rankings', { project_id: projectId });
  await tx.deleteWhere('keywords', { project_id: projectId });
}
