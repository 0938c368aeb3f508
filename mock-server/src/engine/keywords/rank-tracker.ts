import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import type { JobRecord, KeywordRankingRecord, KeywordRecord, ProjectRecord } from '../kernel/records';
import { DAY_MS, nextUtcMidnight, startOfUtcDay, utcDate } from '../kernel/utc-day';
import type { WebhookOutbox } from '../webhooks/outbox';
import { opportunityOf } from './opportunity-score';
import { keywordRankingChangedPayload, rankingChanged, rankingChangeMessage } from './ranking-event';
import type { RankingObservation, RankingProvider } from './ranking-provider';

/** Job kind of a project's daily rank check; its subject is the project id. */
export const RANK_CHECK_JOB = 'keywords.rank_check';

/**
 * On the real clock, a server that was down catches up on at most this many missed days; older
 * ones are skipped rather than run all at once on the first request.
 */
export const MAX_CATCH_UP_DAYS = 31;

/** Keywords read at once by the daily check. */
const CHECK_BATCH = 100;

/**
 * Daily rank tracking. Each project with keywords has one durable job due at the next
 * 00:00 UTC; it checks every keyword of the project for the UTC day that starts then, stores
 * one ranking row per keyword and day, emits `keyword.ranking_changed` for each keyword that
 * moved, and schedules the next day. A job that runs late (a server that was down) checks the
 * day it was due for, so missed days are caught up in order.
 */
export class RankTracker {
  constructor(
    private readonly ctx: EngineContext,
    private readonly provider: RankingProvider,
    private readonly outbox: WebhookOutbox,
  ) {
    ctx.jobs.on(RANK_CHECK_JOB, (job) => this.runDailyCheck(job));
  }

  /** Asks the ranking provider about `keyword` of `project` on the UTC day `date`. */
  observe(project: ProjectRecord, keyword: string, date: string): Promise<RankingObservation> {
    return this.provider.check({ keyword, domain: project.domain, language: project.language, date });
  }

  /**
   * Stores the check of `keyword` for `date`, made at `at`, moves the keyword's latest figures
   * to it and, when the position moved, puts `keyword.ranking_changed` in the outbox. Days are
   * recorded in order: a day already stored, or older than the latest, is left as it is, so a
   * job that runs twice records nothing twice. Answers the keyword as it is now.
   */
  async record(
    tx: StoreWriter,
    project: ProjectRecord,
    keyword: KeywordRecord,
    date: string,
    observation: RankingObservation,
    at: number,
  ): Promise<KeywordRecord> {
    const check = nextCheck(keyword, { date, at, observation });
    if (!check) return keyword;
    await tx.insert('keyword_rankings', { ...check.ranking });
    await tx.put('keywords', { ...check.keyword });
    const previous = check.ranking.previous_position;
    // The first check has nothing to compare with: a ranking cannot change before it is known.
    if (keyword.last_checked_on !== null && rankingChanged(previous, check.keyword.position)) {
      await this.outbox.emit(tx, project, {
        event: 'keyword.ranking_changed',
        body: keywordRankingChangedPayload(check.keyword, previous, at),
        message: rankingChangeMessage(check.keyword.keyword, previous, check.keyword.position),
        at,
      });
    }
    return check.keyword;
  }

  /**
   * Stores past checks of `keyword`, oldest first, without events: nobody was told at the time.
   * Answers the keyword with the figures of the last one.
   */
  async recordHistory(
    tx: StoreWriter,
    keyword: KeywordRecord,
    checks: readonly DatedObservation[],
  ): Promise<KeywordRecord> {
    let current = keyword;
    for (const dated of checks) {
      const check = nextCheck(current, dated);
      if (!check) continue;
      await tx.insert('keyword_rankings', { ...check.ranking });
      current = check.keyword;
    }
    if (current !== keyword) await tx.put('keywords', { ...current });
    return current;
  }

  /** Schedules the project's daily check at the next 00:00 UTC after `now`, unless one is pending. */
  async ensureScheduled(tx: StoreWriter, projectId: string, now: number): Promise<void> {
    const pending = await tx.count('jobs', { kind: RANK_CHECK_JOB, subject_id: projectId });
    if (pending === 0) await this.ctx.jobs.schedule(tx, RANK_CHECK_JOB, projectId, nextUtcMidnight(now));
  }

  private async runDailyCheck(job: JobRecord): Promise<void> {
    const project = await this.ctx.store.get<ProjectRecord>('projects', job.subject_id);
    if (!project) return;
    const at = job.due_at;
    // Scheduled first, so a failing provider cannot stop tomorrow's check.
    await this.ctx.store.transaction(async (tx) => {
      const later = await tx.count('jobs', {
        kind: RANK_CHECK_JOB,
        subject_id: project.id,
        due_at: { gt: job.due_at },
      });
      const oldestWorthRunning = startOfUtcDay(this.ctx.clock.now()) - MAX_CATCH_UP_DAYS * DAY_MS;
      const next = Math.max(nextUtcMidnight(at), oldestWorthRunning);
      if (later === 0) await this.ctx.jobs.schedule(tx, RANK_CHECK_JOB, project.id, next);
    });
    await this.checkProject(project, utcDate(at), at);
  }

  /** Checks every keyword of `project` for `date`, a batch of keywords per transaction. */
  private async checkProject(project: ProjectRecord, date: string, at: number): Promise<void> {
    const failures: string[] = [];
    let afterSeq = 0;
    for (;;) {
      const batch = await this.ctx.store.find<KeywordRecord>('keywords', {
        where: { project_id: project.id, seq: { gt: afterSeq } },
        orderBy: [['seq', 'asc']],
        limit: CHECK_BATCH,
      });
      if (batch.length === 0) break;
      afterSeq = batch[batch.length - 1]?.seq ?? afterSeq;
      const observed: Array<[KeywordRecord, RankingObservation]> = [];
      for (const keyword of batch) {
        try {
          observed.push([keyword, await this.observe(project, keyword.keyword, date)]);
        } catch (error) {
          failures.push(`${keyword.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      await this.ctx.store.transaction(async (tx) => {
        // Read again inside the transaction: the webhook may have changed while checking.
        const current = await tx.get<ProjectRecord>('projects', project.id);
        if (!current) return;
        for (const [keyword, observation] of observed) {
          const fresh = await tx.get<KeywordRecord>('keywords', keyword.id);
          if (fresh) await this.record(tx, current, fresh, date, observation, at);
        }
      });
    }
    if (failures.length > 0) {
      throw new Error(`rank check of ${project.id} for ${date} failed for: ${failures.join('; ')}`);
    }
  }
}

/** A check's result with the UTC day it is for and the instant it was made. */
export interface DatedObservation {
  date: string;
  at: number;
  observation: RankingObservation;
}

/**
 * The ranking row of a check and the keyword after it, or undefined when the keyword already
 * has this day or a later one.
 */
function nextCheck(
  keyword: KeywordRecord,
  { date, at, observation }: DatedObservation,
): { ranking: KeywordRankingRecord; keyword: KeywordRecord } | undefined {
  if (keyword.last_checked_on !== null && date <= keyword.last_checked_on) return undefined;
  const previous = keyword.last_checked_on === null ? null : keyword.position;
  return {
    ranking: {
      id: rankingId(keyword.id, date),
      keyword_id: keyword.id,
      project_id: keyword.project_id,
      date,
      position: observation.position,
      previous_position: previous,
      impressions: observation.impressions,
      clicks: observation.clicks,
      volume: observation.volume,
      checked_at: at,
    },
    keyword: {
      ...keyword,
      volume: observation.volume,
      position: observation.position,
      previous_position: previous,
      impressions: observation.impressions,
      clicks: observation.clicks,
      opportunity_score: opportunityOf(observation).score,
      last_checked_on: date,
      last_checked_at: at,
    },
  };
}

/** Id of the ranking row of a keyword on a day. */
export function rankingId(keywordId: string, date: string): string {
  return `${keywordId}@${date}`;
}
