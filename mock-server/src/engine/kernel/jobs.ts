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
 * request; `network` work (a webhook delivery) may wait seconds on another server, and `export`
 * work (a bulk export) may take seconds of its own, so neither runs on the request path: each
 * runs in the background in a lane of its own, as soon as it is due, and the manual clock's
 * `advance` runs all of them in time order with everything else.
 */
export type JobLane = 'local' | 'network' | 'export';

/** Every lane, for a run that keeps every job in time order (the manual clock's `advance`). */
export const ALL_LANES: readonly JobLane[] = ['local', 'network', 'export'];

/** The lanes that run in the background, never on a request's path. */
export const BACKGROUND_LANES: readonly JobLane[] = ['network', 'export'];

export interface RunDueOptions {
  /** Lanes to run; default all of them. Runs of different lanes do not wait for each other. */
  lanes?: readonly JobLane[];
  /** Called before each job, such as to move a manual clock to the job's instant. */
  beforeEach?: (job: JobRecord) => void;
  /**
   * Most jobs run at once (default 1: one after another, in time order). Above 1, jobs start in
   * time order and run side by side; a run then also takes up work scheduled while it runs.
   */
  concurrency?: number;
}

/** Told of each job scheduled, with its lane and instant, such as to start a background run. */
export type ScheduleListener = (lane: JobLane, dueAt: number) => void;

/**
 * Durable schedule of work that falls due on the clock. Jobs live in the store, so a restart
 * loses none; they start in time order. A run `claim`s a due job, `run`s it and `complete`s it
 * (removes it); a claimed job is held by this process until then, so side-by-side runs never
 * take one job twice.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; lane: JobLane }>();
  private readonly running = new Map<JobLane, Promise<unknown>>();
  /** Per lane, a lower bound of the earliest pending job's instant: `null` none, `undefined` unknown. */
  private readonly earliest = new Map<JobLane, number | null | undefined>();
  /** Jobs claimed and not completed yet. */
  private readonly held = new Set<string>();
  private readonly listeners = new Set<ScheduleListener>();
  /** Runs waiting for new work while their jobs are in flight. */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly store: Store,
    private readonly ids: IdFactory,
    private readonly onError: (error: unknown, job: JobRecord) => void,
  ) {}

  on(kind: string, handler: JobHandler, lane: JobLane = 'local'): void {
    this.handlers.set(kind, { handler, lane });
  }

  /** Calls `listener` with each job scheduled from now on; answers a function that stops it. */
  onScheduled(listener: ScheduleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async schedule(tx: StoreWriter, kind: string, subjectId: string, dueAt: number): Promise<void> {
    const lane = this.handlers.get(kind)?.lane ?? 'local';
    // Job ids come from a counter of their own: background work that schedules a retry must not
    // move the ids that requests hand out.
    const { id, seq } = await this.ids.next(tx, 'job', 'jobs');
    const job: JobRecord = { id, seq, kind, subject_id: subjectId, due_at: dueAt };
    // Local jobs keep the row shape they had before lanes existed; a missing lane reads as local.
    if (lane !== 'local') job.lane = lane;
    await tx.insert('jobs', { ...job });
    const known = this.earliest.get(lane);
    if (known !== undefined && (known === null || dueAt < known)) this.earliest.set(lane, dueAt);
    // Listeners and waiting runs look in a transaction of their own, which the store starts
    // after this one commits, so they find the job.
    this.wake();
    for (const listener of this.listeners) listener(lane, dueAt);
  }

  /** Has runs that wait for new work look again (such as when the clock reached a job). */
  wake(): void {
    for (const wake of this.waiting) wake();
    this.waiting.clear();
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

  /**
   * Takes the earliest job of `lanes` due at or before `until` that no run holds, or nothing
   * when none is due. It looks in a transaction, so it sees every job committed before.
   */
  async claim(until: number, lanes: readonly JobLane[] = ALL_LANES): Promise<JobRecord | undefined> {
    // Most requests find nothing due: answer those from memory, without a query.
    const nothingDue = lanes.every((lane) => {
      const known = this.earliest.get(lane);
      return known === null || (known !== undefined && known > until);
    });
    if (nothingDue) return undefined;
    const found = await this.store.transaction((tx) =>
      tx.find<JobRecord>('jobs', {
        where: { ...laneFilter(lanes), due_at: { lte: until } },
        orderBy: [
          ['due_at', 'asc'],
          ['seq', 'asc'],
        ],
        limit: this.held.size + 1,
      }),
    );
    const job = found.find((candidate) => !this.held.has(candidate.id));
    if (job) {
      this.held.add(job.id);
    } else if (found.length === 0) {
      for (const lane of lanes) this.earliest.set(lane, (await this.nextDueAt(lane)) ?? null);
    }
    return job;
  }

  /** Runs a claimed job's handler; one that throws is reported to `onError` and counts as done. */
  async run(job: JobRecord): Promise<void> {
    const registered = this.handlers.get(job.kind);
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      await registered.handler(job);
    } catch (error) {
      this.onError(error, job);
    }
  }

  /** Removes a job that ran, and lets go of it. */
  async complete(job: JobRecord): Promise<void> {
    try {
      await this.store.transaction((tx) => tx.delete('jobs', job.id));
    } finally {
      this.held.delete(job.id);
    }
  }

  /** Instant of the earliest job no run holds (of one lane, when given), for a timer on the real clock. */
  async nextDueAt(lane?: JobLane): Promise<number | undefined> {
    const found = await this.store.find<JobRecord>('jobs', {
      where: lane ? laneFilter([lane]) : {},
      orderBy: [
        ['due_at', 'asc'],
        ['seq', 'asc'],
      ],
      limit: this.held.size + 1,
    });
    return found.find((job) => !this.held.has(job.id))?.due_at;
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
    const run = this.drain(until, lanes, options.beforeEach, Math.max(1, options.concurrency ?? 1));
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
    beforeEach: ((job: JobRecord) => void) | undefined,
    concurrency: number,
  ): Promise<number> {
    let ran = 0;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      let job: JobRecord | undefined;
      while (inFlight.size < concurrency) {
        job = await this.claim(typeof until === 'number' ? until : until(), lanes);
        if (!job) break;
        beforeEach?.(job);
        const claimed = job;
        const done: Promise<void> = this.run(claimed)
          .then(() => this.complete(claimed))
          .catch((error: unknown) => this.onError(error, claimed))
          .finally(() => {
            inFlight.delete(done);
            ran++;
          });
        inFlight.add(done);
      }
      if (inFlight.size === 0) return ran;
      // Full, or nothing else due: wait for a job to end or for new work to be scheduled.
      let wake = () => {};
      const scheduled = new Promise<void>((resolve) => {
        wake = resolve;
        if (!job) this.waiting.add(resolve);
      });
      await Promise.race([...inFlight, scheduled]);
      this.waiting.delete(wake);
    }
  }
}

function laneFilter(lanes: readonly JobLane[]): Record<string, Condition> {
  if (lanes.length !== 1) return {};
  const [lane] = lanes;
  return { lane: lane === 'local' || lane === undefined ? null : lane };
}
