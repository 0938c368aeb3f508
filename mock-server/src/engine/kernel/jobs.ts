import type { Condition, Store, StoreWriter } from '../../store/store';
import type { IdFactory } from './ids';
import type { JobRecord } from './records';

/**
 * Runs one job that fell due. The queue removes the job after the handler returns, so a crash
 * in between runs it again: handlers check the state they act on (at-least-once).
 */
export type JobHandler = (job: JobRecord) => Promise<void>;

/**
 * Where a kind of job runs. `local` work (finishing a generation) is quick and runs before each
 * request; `network` work (a webhook delivery) may wait seconds on another server, so it never
 * runs on the request path: a real-clock timer runs it in the background, and the manual clock's
 * `advance` runs it in time order with everything else.
 */
export type JobLane = 'local' | 'network';

/** Both lanes, for a run that keeps every job in time order (the manual clock's `advance`). */
export const ALL_LANES: readonly JobLane[] = ['local', 'network'];

export interface RunDueOptions {
  /** Lanes to run; default all of them. Runs of different lanes do not wait for each other. */
  lanes?: readonly JobLane[];
  /** Called before each job, such as to move a manual clock to the job's instant. */
  beforeEach?: (job: JobRecord) => void;
}

/**
 * Durable schedule of work that falls due on the clock. Jobs live in the store, so a restart
 * loses none; they run in time order, each at most once per lane run.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; lane: JobLane }>();
  private readonly running = new Map<JobLane, Promise<unknown>>();
  /** Per lane, a lower bound of the earliest pending job's instant: `null` none, `undefined` unknown. */
  private readonly earliest = new Map<JobLane, number | null | undefined>();

  constructor(
    private readonly store: Store,
    private readonly ids: IdFactory,
    private readonly onError: (error: unknown, job: JobRecord) => void,
  ) {}

  on(kind: string, handler: JobHandler, lane: JobLane = 'local'): void {
    this.handlers.set(kind, { handler, lane });
  }

  async schedule(tx: StoreWriter, kind: string, subjectId: string, dueAt: number): Promise<void> {
    const lane = this.handlers.get(kind)?.lane ?? 'local';
    const { id, seq } = await this.ids.next(tx, 'job');
    const job: JobRecord = { id, seq, kind, subject_id: subjectId, due_at: dueAt };
    // Local jobs keep the row shape they had before lanes existed; a missing lane reads as local.
    if (lane === 'network') job.lane = 'network';
    await tx.insert('jobs', { ...job });
    const known = this.earliest.get(lane);
    if (known !== undefined && (known === null || dueAt < known)) this.earliest.set(lane, dueAt);
  }

  /** Forgets what is known of the schedule (after the store was cleared). */
  forget(): void {
    this.earliest.clear();
  }

  /** Drops every job about `subjectId` (when the subject is deleted), or only those of `kind`. */
  async cancel(tx: StoreWriter, subjectId: string, kind?: string): Promise<void> {
    await tx.deleteWhere(
      'jobs',
      kind === undefined ? { subject_id: subjectId } : { subject_id: subjectId, kind },
    );
  }

  /** The earliest job of `lanes` due at or before `until`, if any. */
  async nextDue(until: number, lanes: readonly JobLane[] = ALL_LANES): Promise<JobRecord | undefined> {
    // Most requests find nothing due: answer those from memory, without a query.
    const nothingDue = lanes.every((lane) => {
      const known = this.earliest.get(lane);
      return known === null || (known !== undefined && known > until);
    });
    if (nothingDue) return undefined;
    const [job] = await this.store.find<JobRecord>('jobs', {
      where: { ...laneFilter(lanes), due_at: { lte: until } },
      orderBy: [
        ['due_at', 'asc'],
        ['seq', 'asc'],
      ],
      limit: 1,
    });
    if (!job) {
      for (const lane of lanes) this.earliest.set(lane, (await this.nextDueAt(lane)) ?? null);
    }
    return job;
  }

  /** Instant of the earliest pending job (of one lane, when given), for a timer on the real clock. */
  async nextDueAt(lane?: JobLane): Promise<number | undefined> {
    const [job] = await this.store.find<JobRecord>('jobs', {
      where: lane ? laneFilter([lane]) : {},
      orderBy: [
        ['due_at', 'asc'],
        ['seq', 'asc'],
      ],
      limit: 1,
    });
    return job?.due_at;
  }

  /**
   * Runs every job of the lanes due at or before `until`, in time order. One run per lane at a
   * time: a second caller for a busy lane waits for the first.
   */
  async runDue(until: number | (() => number), options: RunDueOptions = {}): Promise<number> {
    const lanes = options.lanes ?? ALL_LANES;
    for (;;) {
      const busy = lanes.map((lane) => this.running.get(lane)).filter((run) => run !== undefined);
      if (busy.length === 0) break;
      await Promise.all(busy.map((run) => run.catch(() => undefined)));
    }
    const run = this.drain(until, lanes, options.beforeEach);
    for (const lane of lanes) this.running.set(lane, run);
    try {
      return await run;
    } finally {
      for (const lane of lanes) if (this.running.get(lane) === run) this.running.delete(lane);
    }
  }

  private async drain(
    until: number | (() => number),
    lanes: readonly JobLane[],
    beforeEach?: (job: JobRecord) => void,
  ): Promise<number> {
    let ran = 0;
    for (;;) {
      const limit = typeof until === 'number' ? until : until();
      const job = await this.nextDue(limit, lanes);
      if (!job) return ran;
      beforeEach?.(job);
      const registered = this.handlers.get(job.kind);
      try {
        if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
        await registered.handler(job);
      } catch (error) {
        this.onError(error, job);
      } finally {
        await this.store.transaction((tx) => tx.delete('jobs', job.id));
      }
      ran++;
    }
  }
}

function laneFilter(lanes: readonly JobLane[]): Record<string, Condition> {
  if (lanes.length !== 1) return {};
  return { lane: lanes[0] === 'network' ? 'network' : null };
}
