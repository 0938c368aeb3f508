/** Milliseconds in a UTC day (UTC has no daylight saving, so every day has this many). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC calendar day of an instant, `YYYY-MM-DD`.
 *
 * @example
 * ```ts
 * utcDate(Date.UTC(2026, 0, 31, 23, 59)); // '2026-01-31'
 * ```
 */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Instant at which the UTC day `YYYY-MM-DD` starts. */
export function startOfUtcDate(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** Instant at which the UTC day holding `ms` starts. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * The first 00:00 UTC strictly after `ms`.
 *
 * @example
 * ```ts
 * nextUtcMidnight(Date.UTC(2026, 0, 1)); // Date.UTC(2026, 0, 2)
 * ```
 */
export function nextUtcMidnight(ms: number): number {
  return startOfUtcDay(ms) + DAY_MS;
}
