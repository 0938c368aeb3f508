import type { Store, StoreWriter } from '../store/store';
import type { IdFactory } from './ids';
import type { JobRecord } from './records';

/**
 * Runs one job that fell due. The queue removes the job after the handler returns, so a crash
 * in between runs it again: handlers check the state they act on (at-least-once).
 */
export type JobHandler = (job: JobRecord) => Promise<void>;

/**
 * Durable schedule of work that falls due on the clock. Jobs live in the store, so a restart
 * loses none; they run in time order, each at most once.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private running: Promise<number> | undefined;
  /** Lower bound of the earliest pending job's instant: `null` none, `undefined` unknown. */
  private earliest: number | null | undefined;

  constructor(
    private readonly store: Store,
    private readonly ids: IdFactory,
    private readonly onError: (error: unknown, job: JobRecord) => void,
  ) {}

  on(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async schedule(tx: StoreWriter, kind: string, subjectId: string, dueAt: number): Promise<void> {
    const { id, seq } = await this.ids.next(tx, 'job');
    await tx.insert('jobs', { id, seq, kind, subject_id: subjectId, due_at: dueAt } satisfies JobRecord);
    if (this.earliest !== undefined && (this.earliest === null || dueAt < this.earliest))
      this.earliest = dueAt;
  }

  /** Forgets what is known of the schedule (after the store was cleared). */
  forget(): void {
    this.earliest = undefined;
  }

  /** Drops every job about `subjectId` (when the subject is deleted). */
  async cancel(tx: StoreWriter, subjectId: string): Promise<void> {
    await tx.deleteWhere('jobs', { subject_id: subjectId });
  }

  /** The earliest job due at or before `until`, if any. */
  async nextDue(until: number): Promise<JobRecord | undefined> {
    // Most requests find nothing due: answer those from memory, without a query.
    if (this.earliest === null || (this.earliest !== undefined && this.earliest > until)) return undefined;
    const [job] = await this.store.find<JobRecord>('jobs', {
      where: { due_at: { lte: until } },
      orderBy: [
        ['due_at', 'asc'],
        ['seq', 'asc'],
      ],
      limit: 1,
    });
    if (!job) this.earliest = (await this.nextDueAt()) ?? null;
    return job;
  }

  /** Instant of the earliest pending job, for a timer on the real clock. */
  async nextDueAt(): Promise<number | undefined> {
    const [job] = await this.store.find<JobRecord>('jobs', {
      orderBy: [
        ['due_at', 'asc'],
        ['seq', 'asc'],
      ],
      limit: 1,
    });
    return job?.due_at;
  }

  /**
   * Runs every job due at or before `until`, in time order. `beforeEach` moves a manual clock
   * to the job's instant. One run at a time: a second caller waits for the first.
   */
  async runDue(until: number | (() => number), beforeEach?: (job: JobRecord) => void): Promise<number> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.drain(until, beforeEach);
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private async drain(
    until: number | (() => number),
    beforeEach?: (job: JobRecord) => void,
  ): Promise<number> {
    let ran = 0;
    for (;;) {
      const limit = typeof until === 'number' ? until : until();
      const job = await this.nextDue(limit);
      if (!job) return ran;
      beforeEach?.(job);
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job);
      } catch (error) {
        this.onError(error, job);
      } finally {
        await this.store.transaction((tx) => tx.delete('jobs', job.id));
      }
      ran++;
    }
  }
}
