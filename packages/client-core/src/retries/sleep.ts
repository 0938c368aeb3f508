/**
 * Waits `ms` milliseconds; rejects with `abortError(reason)` as soon as `signal` aborts, so a
 * caller's signal stops the waits between retries and polls too.
 */
export function sleep(
  ms: number,
  signal: AbortSignal | undefined,
  abortError: (reason: unknown) => Error,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
