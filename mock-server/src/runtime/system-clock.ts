import type { Clock } from '../engine/kernel/clock';

/**
 * Real time, for `serve --clock real`.
 *
 * @example
 * ```ts
 * const engine = await Engine.open({ store: createMemoryStore(engineSchema), seed: 42, clock: new SystemClock() });
 * ```
 */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
