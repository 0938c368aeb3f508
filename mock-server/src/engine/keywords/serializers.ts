import type { Keyword, KeywordOpportunity, KeywordPerformancePoint } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { KeywordRankingRecord, KeywordRecord } from '../kernel/records';
import { opportunityOf } from './opportunity-score';

/**
 * `previous − position`: positive when the page moved up; null when either is null.
 *
 * @example
 * ```ts
 * positionChange(12, 9); // 3
 * positionChange(null, 40); // null
 * ```
 */
export function positionChange(previous: number | null, position: number | null): number | null {
  return previous === null || position === null ? null : previous - position;
}

/** The API form of a tracked keyword. */
export function keywordResource(keyword: KeywordRecord): Keyword {
  return {
    id: keyword.id,
    project_id: keyword.project_id,
    keyword: keyword.keyword,
    volume: keyword.volume,
    position: keyword.position,
    previous_position: keyword.previous_position,
    change: positionChange(keyword.previous_position, keyword.position),
    impressions: keyword.impressions,
    clicks: keyword.clicks,
    opportunity_score: keyword.opportunity_score,
    created_at: isoTime(keyword.created_at),
    // Never null once stored: a keyword is added together with its first check.
    last_checked_at: isoTime(keyword.last_checked_at ?? keyword.created_at),
  };
}

/** A keyword as an opportunity: its score, the inputs and the factors of the score. */
export function keywordOpportunity(keyword: KeywordRecord): KeywordOpportunity {
  const { score, factors } = opportunityOf(keyword);
  return {
    keyword_id: keyword.id,
    keyword: keyword.keyword,
    opportunity_score: score,
    volume: keyword.volume,
    position: keyword.position,
    impressions: keyword.impressions,
    clicks: keyword.clicks,
    factors,
  };
}

/** One day of a keyword's ranking history. */
export function performancePoint(ranking: KeywordRankingRecord): KeywordPerformancePoint {
  return {
    date: ranking.date,
    position: ranking.position,
    change: positionChange(ranking.previous_position, ranking.position),
    impressions: ranking.impressions,
    clicks: ranking.clicks,
  };
}
