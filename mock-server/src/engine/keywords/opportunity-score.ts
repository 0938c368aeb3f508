import type { KeywordOpportunityFactors } from '@rankquill/contract';
import { TOP_POSITION_CTR } from './search-ctr';

/** What the opportunity score is computed from: a keyword's volume and its latest day's figures. */
export interface OpportunityInputs {
  /** Searches per month. */
  volume: number;
  /** Latest position, 1–100, or null when not in the top 100. */
  position: number | null;
  /** Impressions on the day of the latest check. */
  impressions: number;
  /** Clicks on the day of the latest check. */
  clicks: number;
}

export interface Opportunity {
  /** 0–100 with one decimal: `100 × demand × reachability × click_gap`. */
  score: number;
  factors: KeywordOpportunityFactors;
}

/** Volume at which demand reaches 1: 10^5 searches a month. */
const FULL_DEMAND_VOLUME_LOG10 = 5;
/** Positions that already sit on page one's top: any better position is as reachable. */
const EASY_POSITION = 4;
/** Reachability falls by 1 / this for each position below `EASY_POSITION`. */
const REACHABILITY_SPAN = 40;
const MIN_REACHABILITY = 0.1;
const UNRANKED_REACHABILITY = 0.05;

/**
 * How much traffic better content could win for a keyword, 0–100, as the product of three
 * factors in 0–1 (docs/keywords.md has a worked example):
 * - `demand = min(1, log10(volume + 1) / 5)`: people searching;
 * - `reachability = clamp(1 − (position − 4) / 40, 0.1, 1)`, 0.05 when not ranked: how close
 *   the page is to the top, where effort pays off first;
 * - `click_gap = max(0, 1 − (clicks / impressions) / CTR(1))`, 1 without impressions: the
 *   share of position 1's clicks not yet won.
 *
 * @example
 * ```ts
 * opportunityOf({ volume: 2400, position: 12, impressions: 40, clicks: 1 }).score; // 49.3
 * ```
 */
export function opportunityOf(inputs: OpportunityInputs): Opportunity {
  const demand = Math.min(1, Math.log10(Math.max(0, inputs.volume) + 1) / FULL_DEMAND_VOLUME_LOG10);
  const reachability =
    inputs.position === null
      ? UNRANKED_REACHABILITY
      : clamp(1 - (inputs.position - EASY_POSITION) / REACHABILITY_SPAN, MIN_REACHABILITY, 1);
  const observedCtr = inputs.impressions > 0 ? inputs.clicks / inputs.impressions : 0;
  const clickGap = clamp(1 - observedCtr / TOP_POSITION_CTR, 0, 1);
  return {
    score: round(100 * demand * reachability * clickGap, 1),
    factors: {
      demand: round(demand, 4),
      reachability: round(reachability, 4),
      click_gap: round(clickGap, 4),
    },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
