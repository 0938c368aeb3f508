/** Source of the current instant, in milliseconds since the Unix epoch. */
export interface Clock {
  /** The current instant, in milliseconds since the Unix epoch. */
  now(): number;
}

/**
 * A clock that moves only when told to. The engine's `advance` moves it step by step so that
 * work falling due in the skipped span runs at its own instant, in time order.
 *
 * @example
 * ```ts
 * const clock = new ManualClock(MANUAL_CLOCK_START);
 * clock.set(clock.now() + 60_000); // one minute later
 * ```
 */
export class ManualClock implements Clock {
  constructor(private instant: number) {}

  now(): number {
    return this.instant;
  }

  /**
   * Moves the clock forward to `instant`; a `RangeError` if that lies in the past.
   *
   * @example
   * ```ts
   * clock.set(clock.now() + 6 * 60_000);
   * ```
   */
  set(instant: number): void {
    if (instant < this.instant) throw new RangeError('a manual clock never moves back');
    this.instant = instant;
  }

  /**
   * Puts the clock back to `instant`; only a reset of the whole state may do this.
   *
   * @example
   * ```ts
   * clock.rewind(MANUAL_CLOCK_START);
   * ```
   */
  rewind(instant: number): void {
    this.instant = instant;
  }
}

/** Instant a fresh manual clock starts at: 2026-01-01T00:00:00Z. */
export const MANUAL_CLOCK_START = Date.UTC(2026, 0, 1);

/**
 * ISO 8601 UTC with millisecond precision and a `Z`.
 *
 * @example
 * ```ts
 * isoTime(MANUAL_CLOCK_START); // '2026-01-01T00:00:00.000Z'
 * ```
 */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
