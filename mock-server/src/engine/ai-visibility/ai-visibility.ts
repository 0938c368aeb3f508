import {
  AI_PLATFORMS,
  type AiVisibilityPrompt,
  AiVisibilityPromptCreateParams,
  AiVisibilityPromptListParams,
  type AiVisibilityResponse,
  AiVisibilityResponseListParams,
  type AiVisibilityScore,
  AiVisibilityScoreParams,
  type AiVisibilityTopic,
  AiVisibilityTopicCreateParams,
  type ListEnvelope,
  ListParams,
} from '@rankquill/contract';
import type { Condition, StoreReader, StoreWriter } from '../../store/store';
import { type AnswerRecorder, recorded } from '../kernel/answer-recorder';
import type { EngineContext } from '../kernel/context';
import { ConflictError, InvalidRequestError } from '../kernel/errors';
import { paginationOf } from '../kernel/pagination';
import type {
  AccountRecord,
  AiPromptRecord,
  AiResponseRecord,
  AiTopicRecord,
  ProjectRecord,
} from '../kernel/records';
import { parseInput } from '../kernel/validation';
import type { ProjectService } from '../projects/projects';
import type { WebhookOutbox } from '../webhooks/outbox';
import type { AnswerProvider } from './answer-provider';
import { AiVisibilityRuns } from './runs';
import { citedDomains, type VisibilityMetrics, visibilityMetrics } from './score';
import { scanBySeq } from './seq-scan';
import { aiPromptResource, aiResponseResource, aiTopicResource } from './serializers';
import { uniqueKey } from './text-folding';
import { addDays, assertOrdered, type DatePeriod, resolvePeriod } from './visibility-period';

export type { DatePeriod } from './visibility-period';

/** The figures of one day of answers, for a chart of the score over time. */
export interface DailyVisibility extends VisibilityMetrics {
  date: string;
}

/** Optional bounds of `responsesOf`, `YYYY-MM-DD`, both included. */
export interface ResponseRange {
  from?: string;
  to?: string;
}

const TopicListQuery = ListParams;
const PromptListQuery = ListParams.extend(AiVisibilityPromptListParams.shape);
const ResponseListQuery = ListParams.extend(AiVisibilityResponseListParams.shape);

/**
 * AI visibility of a project (spec 2.4): topics group prompts; every prompt is asked on every AI
 * platform each day (`ai-visibility-runs.ts`); the answers are read for brand mentions and
 * citations; the score sums them up over a period (`ai-visibility-score.ts`). Topic names and
 * prompt texts are unique within a project, ignoring case. See docs/ai-visibility.md.
 *
 * Besides the HTTP calls it offers, for exports and reports, `scoreOf`, `dailyScores` and the
 * `topicsOf`, `promptsOf` and `responsesOf` iterators over a project the caller already owns.
 *
 * @example
 * ```ts
 * const topic = await engine.aiVisibility.createTopic(account, projectId, { name: 'Pricing' });
 * await engine.aiVisibility.createPrompt(account, projectId, { topic_id: topic.id, text: 'best seo tool' });
 * const score = await engine.aiVisibility.retrieveScore(account, projectId, {});
 * ```
 */
export class AiVisibilityService {
  readonly runs: AiVisibilityRuns;

  constructor(
    private readonly ctx: EngineContext,
    private readonly projects: ProjectService,
    outbox: WebhookOutbox,
    provider: AnswerProvider,
  ) {
    this.runs = new AiVisibilityRuns(ctx, outbox, provider);
  }

  /**
   * The topics of a project, a page at a time (`limit`, `offset` in `query`).
   * @example const page = await engine.aiVisibility.listTopics(account, projectId, { limit: 20 });
   */
  async listTopics(
    account: AccountRecord,
    projectId: string,
    query: unknown,
  ): Promise<ListEnvelope<AiVisibilityTopic>> {
    const { limit, offset } = parseInput(TopicListQuery, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const page = await this.page<AiTopicRecord>('ai_topics', { project_id: project.id }, limit, offset);
    return { data: page.rows.map(aiTopicResource), pagination: page.pagination };
  }

  /**
   * Adds a topic to a project; a name the project already has (ignoring case) is a 409.
   * @example const topic = await engine.aiVisibility.createTopic(account, projectId, { name: 'Pricing' });
   */
  async createTopic(
    account: AccountRecord,
    projectId: string,
    input: unknown,
    record?: AnswerRecorder,
  ): Promise<AiVisibilityTopic> {
    const { name } = parseInput(AiVisibilityTopicCreateParams, input);
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const topic = await this.insertTopic(tx, project, name, this.ctx.clock.now());
      return recorded(tx, aiTopicResource(topic), record);
    });
  }

  /**
   * Adds a topic inside `tx`; used by `createTopic` and the demo data. A name in use is a 409.
   * @example const topic = await store.transaction((tx) => engine.aiVisibility.insertTopic(tx, project, 'Pricing', engine.now()));
   */
  async insertTopic(
    tx: StoreWriter,
    project: ProjectRecord,
    name: string,
    at: number,
  ): Promise<AiTopicRecord> {
    const name_key = uniqueKey(name);
    const [clash] = await tx.find<AiTopicRecord>('ai_topics', {
      where: { project_id: project.id, name_key },
      limit: 1,
    });
    if (clash) {
      throw new ConflictError(
        `Project ${project.id} already has a topic named "${clash.name}" (${clash.id}); topic names are unique, ignoring case.`,
        'name',
      );
    }
    const { id, seq } = await this.ctx.ids.next(tx, 'top');
    const topic: AiTopicRecord = {
      id,
      seq,
      project_id: project.id,
      name,
      name_key,
      prompt_count: 0,
      created_at: at,
    };
    await tx.insert('ai_topics', { ...topic });
    return topic;
  }

  /**
   * The prompts of a project, a page at a time, of one topic when `query.topic_id` is given.
   * @example const page = await engine.aiVisibility.listPrompts(account, projectId, { topic_id: topic.id });
   */
  async listPrompts(
    account: AccountRecord,
    projectId: string,
    query: unknown,
  ): Promise<ListEnvelope<AiVisibilityPrompt>> {
    const { limit, offset, topic_id } = parseInput(PromptListQuery, query, 'query');
    const project = await this.projects.owned(account, projectId);
    const where: Record<string, Condition> = { project_id: project.id };
    if (topic_id !== undefined) where.topic_id = (await this.topic(project, topic_id)).id;
    const page = await this.page<AiPromptRecord>('ai_prompts', where, limit, offset);
    return { data: page.rows.map(aiPromptResource), pagination: page.pagination };
  }

  /**
   * Adds a prompt to a topic. It is asked on every platform for today right away (a job due now,
   * which runs before the next request is answered), then at every 00:00 UTC.
   * @example await engine.aiVisibility.createPrompt(account, projectId, { topic_id: topic.id, text: 'best seo tool' });
   */
  async createPrompt(
    account: AccountRecord,
    projectId: string,
    input: unknown,
    record?: AnswerRecorder,
  ): Promise<AiVisibilityPrompt> {
    const params = parseInput(AiVisibilityPromptCreateParams, input);
    return this.ctx.store.transaction(async (tx) => {
      const project = await this.projects.owned(account, projectId, tx);
      const topic = await this.topic(project, params.topic_id, tx);
      const prompt = await this.insertPrompt(tx, project, topic, params.text, this.ctx.clock.now());
      await this.runs.scheduleFirstRun(tx, prompt.id);
      return recorded(tx, aiPromptResource(prompt), record);
    });
  }

  /**
   * Adds a prompt inside `tx` and makes sure the project's daily run is scheduled; used by
   * `createPrompt` and the demo data. A text in use in the project is a 409.
   * @example await store.transaction((tx) => engine.aiVisibility.insertPrompt(tx, project, topic, 'best seo tool', engine.now()));
   */
  async insertPrompt(
    tx: StoreWriter,
    project: ProjectRecord,
    topic: AiTopicRecord,
    text: string,
    at: number,
  ): Promise<AiPromptRecord> {
    const text_key = uniqueKey(text);
    const [clash] = await tx.find<AiPromptRecord>('ai_prompts', {
      where: { project_id: project.id, text_key },
      limit: 1,
    });
    if (clash) {
      throw new ConflictError(
        `Project ${project.id} already tracks this prompt as ${clash.id} (topic ${clash.topic_id}); prompt texts are unique within a project, ignoring case.`,
        'text',
      );
    }
    const { id, seq } = await this.ctx.ids.next(tx, 'prm');
    const prompt: AiPromptRecord = {
      id,
      seq,
      project_id: project.id,
      topic_id: topic.id,
      text,
      text_key,
      created_at: at,
    };
    await tx.insert('ai_prompts', { ...prompt });
    const current = (await tx.get<AiTopicRecord>('ai_topics', topic.id)) ?? topic;
    await tx.put('ai_topics', { ...current, prompt_count: current.prompt_count + 1 });
    await this.runs.ensureDailyRun(tx, project.id);
    return prompt;
  }

  /**
   * Answers newest day first (then newest recorded first), filtered by prompt, topic, platform and days.
   * @example const page = await engine.aiVisibility.listResponses(account, projectId, { platform: 'chatgpt', limit: 50 });
   */
  async listResponses(
    account: AccountRecord,
    projectId: string,
    query: unknown,
  ): Promise<ListEnvelope<AiVisibilityResponse>> {
    const { limit, offset, prompt_id, topic_id, platform, from, to } = parseInput(
      ResponseListQuery,
      query,
      'query',
    );
    const project = await this.projects.owned(account, projectId);
    const where: Record<string, Condition> = { project_id: project.id };
    if (prompt_id !== undefined) where.prompt_id = (await this.prompt(project, prompt_id)).id;
    if (topic_id !== undefined) where.topic_id = (await this.topic(project, topic_id)).id;
    if (platform !== undefined) where.platform = platform;
    if (from !== undefined && to !== undefined) assertOrdered({ from, to });
    if (from !== undefined || to !== undefined) {
      where.date = { ...(from !== undefined ? { gte: from } : {}), ...(to !== undefined ? { lte: to } : {}) };
    }
    const [total, rows] = await Promise.all([
      this.ctx.store.count('ai_responses', where),
      this.ctx.store.find<AiResponseRecord>('ai_responses', {
        where,
        orderBy: [
          ['date', 'desc'],
          ['seq', 'desc'],
        ],
        limit,
        offset,
      }),
    ]);
    return {
      data: rows.map(aiResponseResource),
      pagination: paginationOf(limit, offset, rows.length, total),
    };
  }

  /**
   * The visibility score over `from`–`to` (default: the last 30 days, today included).
   * @example const score = await engine.aiVisibility.retrieveScore(account, projectId, { from: '2026-01-01', to: '2026-01-31' });
   */
  async retrieveScore(account: AccountRecord, projectId: string, query: unknown): Promise<AiVisibilityScore> {
    const params = parseInput(AiVisibilityScoreParams, query, 'query');
    const project = await this.projects.owned(account, projectId);
    return this.scoreOf(project, params);
  }

  /**
   * The score of a project over a period, for exports and reports. Missing bounds default like
   * the HTTP call; an inverted or too long period is a 400 naming `from`.
   *
   * @example
   * ```ts
   * const project = await engine.projects.owned(account, projectId);
   * const score = await engine.aiVisibility.scoreOf(project, { from: '2026-01-01', to: '2026-01-31' });
   * console.log(score.score, score.platforms.map((p) => `${p.platform}: ${p.score}`));
   * ```
   */
  async scoreOf(project: ProjectRecord, period: Partial<DatePeriod> = {}): Promise<AiVisibilityScore> {
    const { from, to, days } = resolvePeriod(period, this.ctx.clock.now());
    const answers = await this.ctx.store.find<AiResponseRecord>('ai_responses', {
      where: { project_id: project.id, date: { gte: from, lte: to } },
    });
    return {
      project_id: project.id,
      period: { from, to, days },
      ...visibilityMetrics(answers),
      platforms: AI_PLATFORMS.map((platform) => ({
        platform,
        ...visibilityMetrics(answers.filter((answer) => answer.platform === platform)),
      })),
      cited_domains: citedDomains(answers, project.domain),
    };
  }

  /**
   * The figures of every day of a period, oldest first, days without answers included (score 0),
   * for a chart of the score over time.
   *
   * @example
   * ```ts
   * const series = await engine.aiVisibility.dailyScores(project, { from: '2026-01-01', to: '2026-01-14' });
   * for (const day of series) console.log(day.date, day.score);
   * ```
   */
  async dailyScores(project: ProjectRecord, period: Partial<DatePeriod> = {}): Promise<DailyVisibility[]> {
    const { from, to, days } = resolvePeriod(period, this.ctx.clock.now());
    const answers = await this.ctx.store.find<AiResponseRecord>('ai_responses', {
      where: { project_id: project.id, date: { gte: from, lte: to } },
    });
    const byDate = new Map<string, AiResponseRecord[]>();
    for (const answer of answers) {
      const day = byDate.get(answer.date);
      if (day) day.push(answer);
      else byDate.set(answer.date, [answer]);
    }
    return Array.from({ length: days }, (_, index) => {
      const date = addDays(from, index);
      return { date, ...visibilityMetrics(byDate.get(date) ?? []) };
    });
  }

  /**
   * Every topic of the project in the order they were created, fetched a page at a time.
   *
   * @example
   * ```ts
   * for await (const topic of engine.aiVisibility.topicsOf(project)) console.log(topic.name);
   * ```
   */
  async *topicsOf(project: ProjectRecord): AsyncGenerator<AiVisibilityTopic> {
    for await (const row of scanBySeq<AiTopicRecord>(this.ctx.store, 'ai_topics', {
      project_id: project.id,
    })) {
      yield aiTopicResource(row);
    }
  }

  /**
   * Every prompt of the project in the order they were created, fetched a page at a time.
   *
   * @example
   * ```ts
   * for await (const prompt of engine.aiVisibility.promptsOf(project)) console.log(prompt.text);
   * ```
   */
  async *promptsOf(project: ProjectRecord): AsyncGenerator<AiVisibilityPrompt> {
    for await (const row of scanBySeq<AiPromptRecord>(this.ctx.store, 'ai_prompts', {
      project_id: project.id,
    })) {
      yield aiPromptResource(row);
    }
  }

  /**
   * Every answer of the project (of the days `from`–`to`, when given) in the order they were
   * recorded, fetched a page at a time.
   *
   * @example
   * ```ts
   * for await (const response of engine.aiVisibility.responsesOf(project, { from: '2026-01-01' })) {
   *   if (response.mentioned) console.log(response.platform, response.mentions[0]?.excerpt);
   * }
   * ```
   */
  async *responsesOf(
    project: ProjectRecord,
    range: ResponseRange = {},
  ): AsyncGenerator<AiVisibilityResponse> {
    const where: Record<string, Condition> = { project_id: project.id };
    if (range.from !== undefined || range.to !== undefined) {
      where.date = {
        ...(range.from !== undefined ? { gte: range.from } : {}),
        ...(range.to !== undefined ? { lte: range.to } : {}),
      };
    }
    for await (const row of scanBySeq<AiResponseRecord>(this.ctx.store, 'ai_responses', where))
      yield aiResponseResource(row);
  }

  private async page<T extends { id: string }>(
    table: string,
    where: Record<string, Condition>,
    limit: number,
    offset: number,
  ) {
    const [total, rows] = await Promise.all([
      this.ctx.store.count(table, where),
      this.ctx.store.find<T>(table, { where, orderBy: [['seq', 'desc']], limit, offset }),
    ]);
    return { rows, pagination: paginationOf(limit, offset, rows.length, total) };
  }

  /** A topic of the project named in a request; another project's or a missing one is a 400 naming `topic_id`. */
  private async topic(
    project: ProjectRecord,
    topicId: string,
    reader: Pick<StoreReader, 'get'> = this.ctx.store,
  ): Promise<AiTopicRecord> {
    const topic = await reader.get<AiTopicRecord>('ai_topics', topicId);
    if (!topic || topic.project_id !== project.id) {
      throw new InvalidRequestError(
        `No topic with id ${topicId} in project ${project.id}. List topics with GET /v1/projects/${project.id}/ai-visibility/topics, or create one with POST to the same path.`,
        'topic_id',
      );
    }
    return topic;
  }

  private async prompt(project: ProjectRecord, promptId: string): Promise<AiPromptRecord> {
    const prompt = await this.ctx.store.get<AiPromptRecord>('ai_prompts', promptId);
    if (!prompt || prompt.project_id !== project.id) {
      throw new InvalidRequestError(
        `No prompt with id ${promptId} in project ${project.id}. List prompts with GET /v1/projects/${project.id}/ai-visibility/prompts.`,
        'prompt_id',
      );
    }
    return prompt;
  }
}
