/** Reads until `done` holds or `ms` have passed, and answers the last value read. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 1000,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
