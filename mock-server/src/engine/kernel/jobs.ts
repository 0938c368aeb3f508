import type { Condition, Store, StoreWriter } from '../../store/store';
import type { IdFactory } from './ids';
import type { JobRecord } from './records';

/**
 * Runs one job that fell due. The queue removes the job after the handler returns, so a crash
 * in between runs it again: handlers check the state they act on (at-least-once). A handler
 * whose last step is a transaction may call `complete(tx)` in it instead: the job goes with
 * that transaction's effect, all or nothing, and the queue has nothing left to write.
 *
 * @example
 * ```ts
 * jobs.on('report.send', async (job, complete) => {
 *   await store.transaction(async (tx) => {
 *     await tx.put('reports', { id: job.subject_id, sent: true });
 *     await complete(tx);
 *   });
 * });
 * ```
 */
export type JobHandler = (job: JobRecord, complete: CompleteJob) => Promise<void>;

/** Removes the running job inside the handler's transaction (see `JobHandler`). */
export type CompleteJob = (tx: StoreWriter) => Promise<void>;

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

/** What a run that found nothing due answers (one promise for every such run). */
const NOTHING_RAN = Promise.resolve(0);

/** A run of the local lane only, as before each request. */
const LOCAL_LANE = { lanes: ['local'] } as const satisfies RunDueOptions;

/** Told of each job scheduled, with its lane and instant, such as to start a background run. */
export type ScheduleListener = (lane: JobLane, dueAt: number) => void;

/** How long a claim on a job holds by default before another server may run the job. */
export const DEFAULT_JOB_LEASE_MS = 30_000;

export interface JobQueueOptions {
  /** The engine's clock: when jobs fall due, and how long claims hold. */
  now: () => number;
  /** How long a claim holds; a running job renews it at a third of this. */
  leaseMs?: number;
}

/**
 * Durable schedule of work that falls due on the clock. Jobs live in the store, so a restart
 * loses none; they start in time order. A run `claim`s a due job, `run`s it and `complete`s it
 * (removes it). The claim is written to the store (in a transaction, so no two runs take one job,
 * whichever server they run in) for a lease the running job renews; a job whose server stopped
 * before completing it is claimed again once the lease has run out.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; lane: JobLane }>();
  private readonly running = new Map<JobLane, Promise<unknown>>();
  /** Per lane, the earliest instant a job can be claimed (`null`: none), as of a version of the jobs table. */
  private readonly earliest = new Map<JobLane, { at: number | null; version: number }>();
  /** Jobs this server has claimed and not completed yet. */
  private readonly held = new Map<string, number>();
  /** Lanes this server scheduled a job in since it last looked: the next look is in a transaction. */
  private readonly scheduledLanes = new Set<JobLane>();
  /** Lane sets whose last claim found a job: more is likely due, so the next claim looks at once. */
  private readonly busy = new Set<string>();
  private readonly listeners = new Set<ScheduleListener>();
  /** Runs waiting for new work while their jobs are in flight. */
  private readonly waiting = new Set<() => void>();

  private readonly leaseMs: number;
  /** Names this server in its claims; set once the engine knows its boot. */
  owner = 'server';

  constructor(
    private readonly store: Store,
    private readonly ids: IdFactory,
    private readonly onError: (error: unknown, job: JobRecord) => void,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  }

  on(kind: string, handler: JobHandler, lane: JobLane = 'local'): void {
    this.handlers.set(kind, { handler, lane });
  }

  /**
   * Calls `listener` with each job scheduled from now on, once the transaction that scheduled it
   * has committed (outside it); answers a function that stops it.
   */
  onScheduled(listener: ScheduleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async schedule(tx: StoreWriter, kind: string, subjectId: string, dueAt: number): Promise<void> {
    const lane = this.handlers.get(kind)?.lane ?? 'local';
    // Job ids come from a counter of their own: background work that schedules a retry must not
    // move the ids that requests hand out.
    const { id, seq } = await this.ids.next(tx, 'job', 'jobs');
    const job: JobRecord = { id, seq, kind, subject_id: subjectId, due_at: dueAt, available_at: dueAt };
    // Local jobs keep the row shape they had before lanes existed; a missing lane reads as local.
    if (lane !== 'local') job.lane = lane;
    await tx.insert('jobs', { ...job });
    this.scheduledLanes.add(lane);
    // Once the job is committed, and outside this transaction: a run a listener starts looks in
    // transactions of its own, which the store refuses to start from inside another one.
    tx.afterCommit(() => {
      this.wake();
      for (const listener of this.listeners) listener(lane, dueAt);
    });
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
   * Drops the jobs of `kind` about `subjectId` unless a run has claimed one (its work may be under
   * way); answers whether none was claimed, so that none of them runs.
   */
  async cancelUnclaimed(tx: StoreWriter, subjectId: string, kind: string): Promise<boolean> {
    const jobs = await tx.find<JobRecord>('jobs', { where: { subject_id: subjectId, kind } });
    if (jobs.some((job) => job.claimed_until !== undefined && job.claimed_until !== null)) return false;
    for (const job of jobs) await tx.delete('jobs', job.id);
    return true;
  }

  /**
   * Readies the jobs table as this version uses it: gives rows written before claims existed the
   * instant they can be claimed, and, with `releaseClaims` (when no other server can hold a claim:
   * a manual clock serves one server), ends every claim, so that jobs a stopped server had claimed
   * run at once rather than when the clock passes their leases.
   */
  async prepare(releaseClaims: boolean): Promise<void> {
    await this.store.transaction(async (tx) => {
      const unready = await tx.find<JobRecord>('jobs', { where: { available_at: null } });
      for (const job of unready)
        await tx.put('jobs', { ...job, available_at: job.claimed_until ?? job.due_at });
      if (!releaseClaims) return;
      const claimed = await tx.find<JobRecord>('jobs', {
        where: { claimed_until: { gt: Number.NEGATIVE_INFINITY } },
      });
      for (const job of claimed) await tx.put('jobs', unclaimed(job));
    });
  }

  /**
   * Claims the earliest job of `lanes` due at or before `until` that no run holds (or whose
   * server's claim ran out) for this server's lease, and answers it as it was scheduled; or
   * nothing when none is due.
   */
  async claim(until: number, lanes: readonly JobLane[] = ALL_LANES): Promise<JobRecord | undefined> {
    const key = laneKey(lanes);
    if (!this.busy.has(key) && (await this.nothingDue(until, lanes))) return undefined;
    const claimed = await this.store.transaction(async (tx) => {
      const now = this.options.now();
      // In the order they became claimable: when due, or when another server's claim ran out.
      const claimable = (limit: number) =>
        tx.find<JobRecord>('jobs', {
          where: { ...laneFilter(lanes), available_at: { lte: until } },
          orderBy: [
            ['available_at', 'asc'],
            ['seq', 'asc'],
          ],
          limit,
        });
      // A claim this server holds lies past `until` unless `until` is far ahead (an `advance`):
      // only then are held jobs read, and skipped, by looking one further than it holds.
      let candidates = await claimable(1);
      if (candidates[0] && this.held.has(candidates[0].id)) candidates = await claimable(this.held.size + 1);
      const job = candidates.find((candidate) => !this.held.has(candidate.id));
      if (!job) return undefined;
      const claimedUntil = Math.max(now, job.due_at) + this.leaseMs;
      await tx.put('jobs', {
        ...job,
        claimed_until: claimedUntil,
        claimed_by: this.owner,
        available_at: claimedUntil,
      });
      return { job: unclaimed(job), claimedUntil };
    });
    // Held once the claim has committed: a claim that rolled back must not keep the job from runs.
    if (claimed) this.held.set(claimed.job.id, claimed.claimedUntil);
    if (claimed) this.busy.add(key);
    else this.busy.delete(key);
    return claimed?.job;
  }

  /**
   * Runs a claimed job's handler, renewing the claim while it runs; a handler that throws is
   * reported to `onError` and counts as done. Answers whether the handler completed the job
   * itself (it called `complete` in a transaction and returned, so that transaction committed);
   * otherwise the caller `complete`s it.
   */
  async run(job: JobRecord): Promise<boolean> {
    const renew = setInterval(() => {
      void this.renew(job).catch(() => undefined);
    }, this.leaseMs / 3);
    const registered = this.handlers.get(job.kind);
    let completed = false;
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      await registered.handler(job, async (tx) => {
        await this.removeIfOurs(tx, job);
        completed = true;
      });
      if (completed) this.held.delete(job.id);
      return completed;
    } catch (error) {
      // The transaction that completed the job may have rolled back: the queue completes it.
      this.onError(error, job);
      return false;
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Removes a job that ran, and lets go of it; unless another server claimed it meanwhile (this
   * one's lease ran out), which then completes it.
   */
  async complete(job: JobRecord): Promise<void> {
    try {
      await this.store.transaction((tx) => this.removeIfOurs(tx, job));
    } finally {
      this.held.delete(job.id);
    }
  }

  private async removeIfOurs(tx: StoreWriter, job: JobRecord): Promise<void> {
    const claimedUntil = this.held.get(job.id);
    // Most often the row is as this server's claim left it: one statement removes it.
    if (
      claimedUntil !== undefined &&
      (await tx.deleteWhere('jobs', { id: job.id, claimed_until: claimedUntil })) > 0
    ) {
      return;
    }
    const current = await tx.get<JobRecord>('jobs', job.id);
    if (current && (current.claimed_by === undefined || current.claimed_by === this.owner)) {
      await tx.delete('jobs', job.id);
    }
  }

  /**
   * Instant at which the next job no run of this server holds (of one lane, when given) can be
   * claimed: when it falls due, or when another server's claim on it runs out. For a timer on the
   * real clock.
   */
  async nextDueAt(lane?: JobLane): Promise<number | undefined> {
    const found = await this.store.find<JobRecord>('jobs', {
      where: lane ? laneFilter([lane]) : {},
      orderBy: [['available_at', 'asc']],
      limit: this.held.size + 1,
    });
    return found.find((job) => !this.held.has(job.id))?.available_at ?? undefined;
  }

  /**
   * Whether, as of what the store tells at once (`versionNow`), no job of `lanes` can be claimed
   * by `until`: false whenever it cannot tell without a wait (then `runDue` looks).
   */
  nothingDueNow(until: number, lanes: readonly JobLane[]): boolean {
    const version = this.store.versionNow?.(JOBS_TABLE);
    if (version === undefined || this.busy.has(laneKey(lanes))) return false;
    for (const lane of lanes) {
      if (this.running.has(lane) || this.scheduledLanes.has(lane)) return false;
      const known = this.earliest.get(lane);
      if (known?.version !== version || (known.at !== null && known.at <= until)) return false;
    }
    return true;
  }

  /** `runDue` of the local lane up to `now()`, as before each request: one shared promise when nothing is due. */
  runLocalDue(now: () => number): Promise<number> {
    return this.nothingLocalDueNow(now()) ? NOTHING_RAN : this.runDue(now, LOCAL_LANE);
  }

  /** Whether `runLocalDue` would find nothing to run, as the store tells at once (false when it cannot tell). */
  nothingLocalDueNow(until: number): boolean {
    try {
      return this.nothingDueNow(until, LOCAL_LANE.lanes);
    } catch {
      return false; // a closed store: the run answers its error
    }
  }

  /**
   * Runs every job of the lanes due at or before `until`, in time order. One run per lane at a
   * time: a second caller for a busy lane waits for the first.
   */
  async runDue(until: number | (() => number), options: RunDueOptions = {}): Promise<number> {
    const lanes = options.lanes ?? ALL_LANES;
    // Most runs (one before each request) find nothing due: they answer without starting a run.
    if (
      !lanes.some((lane) => this.running.has(lane) || this.scheduledLanes.has(lane)) &&
      !this.busy.has(laneKey(lanes)) &&
      (await this.nothingDue(typeof until === 'number' ? until : until(), lanes))
    ) {
      return 0;
    }
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
    // Resolves the wait below when a job ends (one callback, not a race over every job in flight).
    let jobEnded: (() => void) | undefined;
    for (;;) {
      let job: JobRecord | undefined;
      while (inFlight.size < concurrency) {
        job = await this.claim(typeof until === 'number' ? until : until(), lanes);
        if (!job) break;
        beforeEach?.(job);
        const claimed = job;
        const done: Promise<void> = this.run(claimed)
          .then((completed) => (completed ? undefined : this.complete(claimed)))
          .catch((error: unknown) => this.onError(error, claimed))
          .finally(() => {
            this.held.delete(claimed.id);
            inFlight.delete(done);
            ran++;
            jobEnded?.();
          });
        inFlight.add(done);
      }
      if (inFlight.size === 0) return ran;
      // Full, or nothing else due: wait for a job to end or for new work to be scheduled.
      let wake = () => {};
      await new Promise<void>((resolve) => {
        wake = resolve;
        jobEnded = resolve;
        if (!job) this.waiting.add(resolve);
      });
      jobEnded = undefined;
      this.waiting.delete(wake);
    }
  }

  /**
   * Whether no job of `lanes` can be claimed by `until`, answered from what the last look found
   * while the jobs table is unchanged (by any server): most requests find nothing due.
   */
  private async nothingDue(until: number, lanes: readonly JobLane[]): Promise<boolean> {
    // A job this server has just scheduled may not be committed yet: the claim's transaction,
    // which the store starts after that one, finds it.
    if (lanes.some((lane) => this.scheduledLanes.has(lane))) {
      for (const lane of lanes) this.scheduledLanes.delete(lane);
      return false;
    }
    const version = await this.store.version(JOBS_TABLE);
    for (const lane of lanes) {
      let known = this.earliest.get(lane);
      if (known?.version !== version) {
        known = { at: (await this.nextDueAt(lane)) ?? null, version };
        this.earliest.set(lane, known);
      }
      if (known.at !== null && known.at <= until) return false;
    }
    return true;
  }

  private async renew(job: JobRecord): Promise<void> {
    await this.store.transaction(async (tx) => {
      const current = await tx.get<JobRecord>('jobs', job.id);
      if (current?.claimed_by !== this.owner) return;
      const claimedUntil = this.options.now() + this.leaseMs;
      await tx.put('jobs', { ...current, claimed_until: claimedUntil, available_at: claimedUntil });
      if (this.held.has(job.id)) this.held.set(job.id, claimedUntil);
    });
  }
}

/** The job as scheduled, without a server's claim. */
function unclaimed(job: JobRecord): JobRecord {
  const { claimed_until: _until, claimed_by: _by, ...scheduled } = job;
  return { ...scheduled, available_at: job.due_at };
}

/** The tables a look at the schedule reads. */
const JOBS_TABLE = ['jobs'] as const;

/** A set of lanes as one key (one lane is its own name: no string to build before each request). */
function laneKey(lanes: readonly JobLane[]): string {
  return lanes.length === 1 ? (lanes[0] as string) : lanes.join();
}

function laneFilter(lanes: readonly JobLane[]): Record<string, Condition> {
  if (lanes.length !== 1) return {};
  const [lane] = lanes;
  return { lane: lane === 'local' || lane === undefined ? null : lane };
}
