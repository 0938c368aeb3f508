import type { Engine } from '../engine/engine';
import type { BackgroundRuns } from '../engine/kernel/background-runs';
import { ALL_LANES } from '../engine/kernel/jobs';

/** Longest a timer sleeps before looking again, so work added by other paths is not missed. */
const MAX_SLEEP_MS = 1000;

/**
 * On the real clock, runs scheduled work when it falls due even if no request arrives: local
 * work here, and the background lanes (webhook deliveries, exports) through `background`, which
 * runs them beside this timer, so a receiver that hangs delays neither requests nor local work.
 * (On the manual clock, work due later than now runs only through `advance`.)
 */
export function startDueWorkTimer(
  engine: Engine,
  background: BackgroundRuns,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();

  const schedule = async () => {
    if (stopped) return;
    // A busy background run takes up work already due as its jobs end: only work due later
    // needs the timer to wake it.
    const now = engine.now();
    const next = await Promise.all(
      ALL_LANES.map(async (lane) => {
        const at = await engine.nextDueAt(lane);
        return at !== undefined && background.busy(lane) && at <= now ? undefined : at;
      }),
    )
      .then((instants) => instants.filter((at) => at !== undefined).sort((a, b) => a - b)[0])
      .catch(() => undefined);
    const delay =
      next === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, next - engine.now()));
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      background.kickAll();
      current = engine.tick().catch(onError).finally(schedule);
    }, delay);
    timer.unref?.();
  };
  void schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
