import type { KeywordRankingChangedEvent } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { KeywordRecord } from '../kernel/records';
import { positionChange } from './serializers';

/** True when a check moved the keyword; staying out of the top 100 (null to null) is no move. */
export function rankingChanged(previous: number | null, position: number | null): boolean {
  return previous !== position;
}

/**
 * Body of `keyword.ranking_changed` for a check that moved `keyword` from `previous` to its
 * current position, at `checkedAt`.
 */
export function keywordRankingChangedPayload(
  keyword: Pick<KeywordRecord, 'id' | 'project_id' | 'keyword' | 'position'>,
  previous: number | null,
  checkedAt: number,
): KeywordRankingChangedEvent {
  return {
    event: 'keyword.ranking_changed',
    project_id: keyword.project_id,
    keyword_id: keyword.id,
    keyword: keyword.keyword,
    previous_position: previous,
    position: keyword.position,
    change: positionChange(previous, keyword.position),
    checked_at: isoTime(checkedAt),
  };
}

/** One line for the activity feed, such as `"cold brew ratio" moved from 12 to 9.` */
export function rankingChangeMessage(
  keyword: string,
  previous: number | null,
  position: number | null,
): string {
  if (previous === null) return `"${keyword}" entered the top 100 at position ${position}.`;
  if (position === null) return `"${keyword}" left the top 100 (it was at position ${previous}).`;
  return `"${keyword}" moved from position ${previous} to ${position}.`;
}
