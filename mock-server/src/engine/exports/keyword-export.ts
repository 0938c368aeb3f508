import type { Keyword } from '@rankquill/contract';
import { CSV_CONTENT_TYPE, csvRow } from './csv';

/** Columns of the keyword CSV (spec 2.3), in order. */
export const KEYWORD_CSV_COLUMNS = [
  'keyword',
  'volume',
  'position',
  'position_change',
  'impressions',
  'clicks',
  'opportunity_score',
] as const;

/** Media type and file extension of the keyword export. */
export const KEYWORD_EXPORT_MEDIA = { contentType: CSV_CONTENT_TYPE, extension: 'csv' } as const;

/**
 * The keyword CSV: a header row, then one record per tracked keyword with its latest figures.
 * `position` is empty when the keyword is not in the top 100, `position_change` when either
 * check is unranked; a positive change means the page moved up.
 *
 * @example
 * ```ts
 * const pieces = keywordCsv(await engine.keywords.exportRows(account, 'proj_123'));
 * ```
 */
export async function* keywordCsv(pages: AsyncIterable<Keyword[]>): AsyncGenerator<string> {
  yield csvRow(KEYWORD_CSV_COLUMNS);
  for await (const page of pages) {
    yield page
      .map((row) =>
        csvRow([
          row.keyword,
          row.volume,
          row.position,
          row.change,
          row.impressions,
          row.clicks,
          row.opportunity_score,
        ]),
      )
      .join('');
  }
}

/** Every keyword of `pages`, one at a time. */
export async function* eachKeyword(pages: AsyncIterable<Keyword[]>): AsyncGenerator<Keyword> {
  for await (const page of pages) yield* page;
}
