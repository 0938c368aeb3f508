import { BACKGROUND_LANES, type JobLane, type JobQueue } from './jobs';

export interface BackgroundRunsOptions {
  /** The engine clock's current instant: work due at or before it runs. */
  now: () => number;
  /** Jobs of a lane that run side by side (default 1). */
  concurrency: Partial<Record<JobLane, number>>;
  /** Told of a run that failed (a job's own failure goes to the queue's `onError`). */
  onError: (error: unknown) => void;
}

/**
 * Runs the background lanes (webhook deliveries, bulk exports) as soon as their work is due, on
 * either clock: a job scheduled at or before the clock's instant starts at once, beside the
 * request that scheduled it, never on its path. Work due later starts when a timer (real clock)
 * or `advance` (manual clock) reaches it.
 *
 * @example
 * ```ts
 * const background = engine.startBackgroundWork(); // an Engine makes and starts its own
 * await background.idle(); // every due delivery and export has run
 * ```
 */
export class BackgroundRuns {
  private readonly active = new Map<JobLane, Promise<void>>();
  /** Lanes kicked while their run was finishing: they run again once it has. */
  private readonly again = new Set<JobLane>();
  private stopListening: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly jobs: JobQueue,
    private readonly options: BackgroundRunsOptions,
  ) {}

  /**
   * Starts the lanes' due work now, and from now on each job when it is scheduled due.
   *
   * @example
   * ```ts
   * const runs = new BackgroundRuns(jobs, { now: () => clock.now(), concurrency: { network: 4 }, onError: console.error });
   * runs.start();
   * ```
   */
  start(): void {
    this.stopListening = this.jobs.onScheduled((lane, dueAt) => {
      if (lane !== 'local' && dueAt <= this.options.now()) this.kick(lane);
    });
    this.kickAll();
  }

  /**
   * Runs what is due in every background lane (a timer on the real clock calls it).
   *
   * @example
   * ```ts
   * setTimeout(() => background.kickAll(), dueAt - Date.now());
   * ```
   */
  kickAll(): void {
    for (const lane of BACKGROUND_LANES) this.kick(lane);
  }

  /**
   * Whether a run of `lane` is in progress (it takes up due work as its jobs end, or when kicked).
   *
   * @example
   * ```ts
   * if (!background.busy('network')) console.log('no delivery in flight');
   * ```
   */
  busy(lane: JobLane): boolean {
    return this.active.has(lane);
  }

  /**
   * Resolves once no background run is in progress.
   *
   * @example
   * ```ts
   * await client.content.publish(contentId);
   * await background.idle(); // the content.published delivery has been attempted
   * ```
   */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all(this.active.values());
  }

  /**
   * Stops starting runs, and waits for those in progress.
   *
   * @example
   * ```ts
   * process.once('SIGTERM', () => void background.stop());
   * ```
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    await this.idle();
  }

  private kick(lane: JobLane): void {
    if (this.stopped) return;
    // A run in progress takes up new work when woken; one that is finishing may just miss it.
    if (this.active.has(lane)) {
      this.again.add(lane);
      this.jobs.wake();
      return;
    }
    const run = this.jobs
      .runDue(this.options.now, { lanes: [lane], concurrency: this.options.concurrency[lane] ?? 1 })
      .then(() => undefined, this.options.onError)
      .finally(() => {
        this.active.delete(lane);
        if (this.again.delete(lane)) this.kick(lane);
      });
    this.active.set(lane, run);
  }
}
