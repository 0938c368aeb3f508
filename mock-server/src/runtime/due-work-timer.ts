import type { Engine } from '../engine/engine';

/** Longest a timer sleeps before looking again, so work added by other paths is not missed. */
const MAX_SLEEP_MS = 1000;

/**
 * On the real clock, runs scheduled work when it falls due even if no request arrives.
 * (On the manual clock, work runs only through `advance` and before each request.)
 */
export function startDueWorkTimer(
  engine: Engine,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();

  const schedule = async () => {
    if (stopped) return;
    const next = await engine.nextDueAt().catch(() => undefined);
    const delay =
      next === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, next - engine.now()));
    timer = setTimeout(() => {
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
