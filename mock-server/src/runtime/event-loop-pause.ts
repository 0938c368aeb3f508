/**
 * A pause for long work in a server (`EngineOptions.pause`): it yields to the event loop once
 * `budgetMs` of work have run since the last yield, and otherwise returns at once. One budget
 * serves the whole process, so whichever request runs long lets the others through.
 *
 * @example
 * ```ts
 * await Engine.open({ store, seed: 1, clock, pause: eventLoopPause() });
 * ```
 */
export function eventLoopPause(budgetMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
