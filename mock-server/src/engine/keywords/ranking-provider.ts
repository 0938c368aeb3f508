/** One rank check to make: where a site ranks for a keyword on one UTC day. */
export interface RankingQuery {
  /** The tracked keyword, trimmed with its whitespace collapsed. */
  keyword: string;
  /** Host name of the project's site, such as `northwind-coffee.example`. */
  domain: string;
  /** Language code of the project, such as `en`. */
  language: string;
  /** UTC day the check is for, `YYYY-MM-DD`. */
  date: string;
}

/** What a rank check found. */
export interface RankingObservation {
  /** Estimated searches per month; a property of the keyword, so the same every day. */
  volume: number;
  /** Position of the site, 1–100; null when it is not in the top 100. */
  position: number | null;
  /** Times the site was shown for the keyword that day. */
  impressions: number;
  /** Clicks to the site from the keyword that day; never more than `impressions`. */
  clicks: number;
}

/**
 * Source of keyword rankings. The default, `SimulatedRankingProvider`, derives plausible
 * figures from the seed; a real one would ask a rank-tracking service or Search Console.
 * The engine calls it outside store transactions, so it may take its time.
 *
 * @example
 * ```ts
 * const fixed: RankingProvider = {
 *   async check() {
 *     return { volume: 1000, position: 3, impressions: 30, clicks: 3 };
 *   },
 * };
 * const engine = await Engine.open({ store, seed: 1, clock, rankingProvider: fixed });
 * ```
 */
export interface RankingProvider {
  /** Where `query.domain` ranks for `query.keyword` on `query.date`, with that day's figures. */
  check(query: RankingQuery): Promise<RankingObservation>;
}
