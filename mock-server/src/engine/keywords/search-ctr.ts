/**
 * Share of the people shown a result at positions 1 to 10 who click it: a typical organic
 * click-through-rate curve for a desktop and mobile mix.
 */
const TOP_TEN_CTR = [0.278, 0.157, 0.11, 0.08, 0.072, 0.051, 0.04, 0.032, 0.028, 0.025] as const;

/**
 * Expected click-through rate of an organic result at `position` (1–100); 0 when not ranked.
 * Used by the simulated rank checks (clicks follow it) and by the opportunity score (clicks
 * are compared with what position 1 would get).
 *
 * @example
 * ```ts
 * clickThroughRate(1); // 0.278
 * clickThroughRate(15); // 0.01
 * clickThroughRate(null); // 0
 * ```
 */
export function clickThroughRate(position: number | null): number {
  if (position === null || position < 1) return 0;
  if (position <= TOP_TEN_CTR.length) return TOP_TEN_CTR[position - 1] ?? 0;
  if (position <= 20) return 0.01;
  if (position <= 30) return 0.005;
  return 0.002;
}

/** Click-through rate of the first position: what a keyword's clicks are measured against. */
export const TOP_POSITION_CTR = clickThroughRate(1);
