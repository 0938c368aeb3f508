import type { Engine } from '../engine/engine';

/** Longest a timer sleeps before looking again, so work added by other paths is not missed. */
const MAX_SLEEP_MS = 1000;

/**
 * On the real clock, runs scheduled work when it falls due even if no request arrives.
 * Webhook deliveries run in the background beside it, so a receiver that hangs delays neither
 * requests nor other local work. (On the manual clock, work runs only through `advance`, and
 * local work before each request.)
 */
export function startDueWorkTimer(
  engine: Engine,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let deliveries: Promise<unknown> | undefined;

  const startDeliveries = () => {
    if (stopped || deliveries) return;
    deliveries = engine
      .deliverDue()
      .catch(onError)
      .finally(() => {
        deliveries = undefined;
        // Attempts scheduled while this run was busy may be due already.
        if (!stopped) wakeSoon();
      });
  };

  const schedule = async () => {
    if (stopped) return;
    // While deliveries run, their due jobs are in hand: only local work can wake the timer early.
    const next = await engine.nextDueAt(deliveries ? 'local' : undefined).catch(() => undefined);
    const delay =
      next === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, next - engine.now()));
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      current = engine.tick().catch(onError).then(startDeliveries).finally(schedule);
    }, delay);
    timer.unref?.();
  };

  const wakeSoon = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
      void schedule();
    }
  };
  void schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      await deliveries;
    },
  };
}
