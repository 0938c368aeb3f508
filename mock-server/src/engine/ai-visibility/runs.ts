import { AI_PLATFORMS } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import { BoundedCache } from '../kernel/bounded-cache';
import type { EngineContext } from '../kernel/context';
import type {
  AiPromptRecord,
  AiResponseRecord,
  AiTopicRecord,
  JobRecord,
  ProjectRecord,
} from '../kernel/records';
import { DAY_MS, nextUtcMidnight, startOfUtcDate, startOfUtcDay, utcDate } from '../kernel/utc-day';
import type { WebhookOutbox } from '../webhooks/outbox';
import { type AnswerAnalysis, analyzeAnswer } from './answer-analysis';
import type { AnswerProvider, AnswerRequest } from './answer-provider';
import { platformName } from './platform-names';
import { mentionDetectedPayload } from './serializers';

/** Job kind of a project's daily run at 00:00 UTC; its subject is the project id. */
export const AI_VISIBILITY_DAILY_JOB = 'ai_visibility.run';
/** Job kind of a new prompt's first run, for the day it was created; its subject is the prompt id. */
export const AI_VISIBILITY_FIRST_RUN_JOB = 'ai_visibility.run_prompt';
/**
 * After a long stop on the real clock, days older than this are not caught up: the score looks
 * at the last 30 days, and catching up runs on the request path.
 */
export const AI_VISIBILITY_CATCH_UP_DAYS = 30;

/** How a run records its answers. */
export interface RunOptions {
  /** Instant the platforms were asked (`ran_at`, `created_at`). */
  at: number;
  /** Send `ai_visibility.mention_detected` for answers naming the brand (not for seeded history). */
  emit: boolean;
}

/**
 * Asks the AI platforms. Each project with prompts has one durable daily job at 00:00 UTC that
 * asks every prompt on every platform for that day, then schedules the next day; a new prompt
 * also gets a first run, due at once, for the day it was created. A day holds at most one answer
 * per prompt and platform, so a job that runs twice (after a crash) adds nothing. The provider
 * is called outside transactions; each prompt's answers land in one transaction with their
 * `ai_visibility.mention_detected` events, one per answer that names the brand.
 */
export class AiVisibilityRuns {
  private readonly analyses = new BoundedCache<string, AnswerAnalysis>(4096);

  constructor(
    private readonly ctx: EngineContext,
    private readonly outbox: WebhookOutbox,
    private readonly provider: AnswerProvider,
  ) {
    ctx.jobs.on(AI_VISIBILITY_DAILY_JOB, (job) => this.runDay(job));
    ctx.jobs.on(AI_VISIBILITY_FIRST_RUN_JOB, async (job) => {
      await this.runPrompt(job.subject_id, utcDate(job.due_at), { at: ctx.clock.now(), emit: true });
    });
  }

  /** Schedules the project's daily run at the next 00:00 UTC, unless one is pending. */
  async ensureDailyRun(tx: StoreWriter, projectId: string): Promise<void> {
    const pending = await tx.count('jobs', { kind: AI_VISIBILITY_DAILY_JOB, subject_id: projectId });
    if (pending === 0) {
      await this.ctx.jobs.schedule(
        tx,
        AI_VISIBILITY_DAILY_JOB,
        projectId,
        nextUtcMidnight(this.ctx.clock.now()),
      );
    }
  }

  /** Schedules a new prompt's first run, due now: it runs before the next request is answered. */
  async scheduleFirstRun(tx: StoreWriter, promptId: string): Promise<void> {
    await this.ctx.jobs.schedule(tx, AI_VISIBILITY_FIRST_RUN_JOB, promptId, this.ctx.clock.now());
  }

  /**
   * Asks one prompt on every platform that has no answer for `date` yet and stores the answers.
   * A platform that fails is skipped (the others are kept) and the first error is thrown at the
   * end, so the job queue reports it. Answers the number of answers stored.
   */
  async runPrompt(promptId: string, date: string, options: RunOptions): Promise<number> {
    const { store } = this.ctx;
    const prompt = await store.get<AiPromptRecord>('ai_prompts', promptId);
    const project = prompt && (await store.get<ProjectRecord>('projects', prompt.project_id));
    if (!prompt || !project) return 0;
    const topic = await store.get<AiTopicRecord>('ai_topics', prompt.topic_id);
    const answered = await store.find<AiResponseRecord>('ai_responses', {
      where: { prompt_id: prompt.id, date },
    });
    const missing = AI_PLATFORMS.filter((platform) => !answered.some((row) => row.platform === platform));
    const answers: Array<{ platform: string; text: string }> = [];
    let failure: unknown;
    for (const platform of missing) {
      try {
        const { text } = await this.provider.answer(requestFor(project, prompt, topic, platform, date));
        answers.push({ platform, text });
      } catch (error) {
        failure ??= error;
      }
    }
    const added = await store.transaction(async (tx) => {
      // Read again inside the transaction: brand names, domain or webhook may have changed meanwhile.
      const current = await tx.get<ProjectRecord>('projects', project.id);
      if (!current || !(await tx.get('ai_prompts', prompt.id))) return 0;
      const stored = await tx.find<AiResponseRecord>('ai_responses', {
        where: { prompt_id: prompt.id, date },
      });
      const fresh = answers.filter((answer) => !stored.some((row) => row.platform === answer.platform));
      for (const { platform, text } of fresh) {
        await this.insertResponse(tx, current, prompt, platform, date, text, options);
      }
      return fresh.length;
    });
    if (failure !== undefined) throw failure;
    return added;
  }

  /**
   * Fills in past days of a project whose prompts have no answers yet (the demo data): every
   * prompt on every platform for each of `dates`, asked at 00:00 UTC, one transaction per day and
   * no events. It does not look for answers already stored, so it is only for such a project.
   */
  async recordHistory(projectId: string, dates: readonly string[]): Promise<void> {
    const { store } = this.ctx;
    const project = await store.get<ProjectRecord>('projects', projectId);
    if (!project) return;
    const prompts = await store.find<AiPromptRecord>('ai_prompts', {
      where: { project_id: project.id },
      orderBy: [['seq', 'asc']],
    });
    const topics = new Map<string, AiTopicRecord | undefined>();
    for (const prompt of prompts) {
      if (!topics.has(prompt.topic_id))
        topics.set(prompt.topic_id, await store.get('ai_topics', prompt.topic_id));
    }
    for (const date of dates) {
      const answers: Array<{ prompt: AiPromptRecord; platform: string; text: string }> = [];
      for (const prompt of prompts) {
        for (const platform of AI_PLATFORMS) {
          const request = requestFor(project, prompt, topics.get(prompt.topic_id), platform, date);
          answers.push({ prompt, platform, text: (await this.provider.answer(request)).text });
        }
      }
      const options = { at: startOfUtcDate(date), emit: false };
      await store.transaction(async (tx) => {
        for (const { prompt, platform, text } of answers) {
          await this.insertResponse(tx, project, prompt, platform, date, text, options);
        }
      });
    }
  }

  private async insertResponse(
    tx: StoreWriter,
    project: ProjectRecord,
    prompt: AiPromptRecord,
    platform: string,
    date: string,
    text: string,
    options: RunOptions,
  ): Promise<void> {
    // Reading is a pure function of the text and the project's names: the demo history, stored
    // again on every reset, is read once.
    const analysis = this.analyses.get(
      JSON.stringify([text, project.name, project.domain, project.brand_names]),
      () => analyzeAnswer(text, project),
    );
    const { id, seq } = await this.ctx.ids.next(tx, 'rsp');
    const response: AiResponseRecord = {
      id,
      seq,
      project_id: project.id,
      prompt_id: prompt.id,
      topic_id: prompt.topic_id,
      platform,
      date,
      ran_at: options.at,
      text,
      ...analysis,
      created_at: options.at,
    };
    await tx.insert('ai_responses', { ...response });
    if (options.emit && response.mentioned) {
      const brand = response.mentions[0]?.brand ?? project.name;
      await this.outbox.emit(tx, project, {
        event: 'ai_visibility.mention_detected',
        body: mentionDetectedPayload(response),
        message: `${platformName(platform)} mentioned "${brand}" answering "${shorten(prompt.text, 80)}".`,
        at: options.at,
      });
    }
  }

  /** The daily run: schedules the next day first (so a failing run never ends the chain), then asks every prompt. */
  private async runDay(job: JobRecord): Promise<void> {
    const { store } = this.ctx;
    const project = await store.get<ProjectRecord>('projects', job.subject_id);
    if (!project) return;
    await store.transaction((tx) => this.scheduleNextDay(tx, job));
    const prompts = await store.find<AiPromptRecord>('ai_prompts', {
      where: { project_id: project.id },
      orderBy: [['seq', 'asc']],
    });
    const date = utcDate(job.due_at);
    let failure: unknown;
    for (const prompt of prompts) {
      try {
        await this.runPrompt(prompt.id, date, { at: this.ctx.clock.now(), emit: true });
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  private async scheduleNextDay(tx: StoreWriter, job: JobRecord): Promise<void> {
    const later = await tx.count('jobs', {
      kind: AI_VISIBILITY_DAILY_JOB,
      subject_id: job.subject_id,
      due_at: { gt: job.due_at },
    });
    if (later > 0) return;
    const oldestCaughtUp = startOfUtcDay(this.ctx.clock.now()) - (AI_VISIBILITY_CATCH_UP_DAYS - 1) * DAY_MS;
    const next = Math.max(nextUtcMidnight(job.due_at), oldestCaughtUp);
    await this.ctx.jobs.schedule(tx, AI_VISIBILITY_DAILY_JOB, job.subject_id, next);
  }
}

function requestFor(
  project: ProjectRecord,
  prompt: AiPromptRecord,
  topic: AiTopicRecord | undefined,
  platform: string,
  date: string,
): AnswerRequest {
  return {
    promptId: prompt.id,
    prompt: prompt.text,
    topic: topic?.name ?? '',
    platform,
    date,
    project: {
      name: project.name,
      domain: project.domain,
      brand_names: project.brand_names,
      language: project.language,
    },
  };
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
