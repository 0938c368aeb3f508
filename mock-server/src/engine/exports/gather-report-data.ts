import { isoTime } from '../kernel/clock';
import type { ProjectRecord } from '../kernel/records';
import { type BulkExportSections, dateRangeInstants } from './bulk-export-sections';
import { createdWithin, projectContent } from './content-export';
import type { ExportRecord } from './export-records';
import { eachKeyword } from './keyword-export';
import {
  type ProjectReportArticle,
  type ProjectReportContent,
  type ProjectReportData,
  type ProjectReportKeyword,
  type ProjectReportPeriod,
  type ProjectReportVisibility,
  RECENT_TITLES_SHOWN,
} from './project-report-data';

/** Keywords the report's table lists: those with the highest opportunity score. */
export const REPORT_KEYWORD_ROWS = 200;
/** Days a report covers when the export has no `date_range`: the last 30, today included. */
export const REPORT_DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The figures of a bulk export's PDF report over its `date_range` (by default the last 30 days),
 * read a page at a time: content counts by status for items created in the period and the latest
 * titles published in it, the visibility score with its platforms and daily series, and the
 * keywords with the best opportunity. Only what is printed is kept in memory.
 *
 * @example
 * ```ts
 * const pdf = await renderProjectReportPdf(await gatherProjectReportData(record, project, sections, clock.now()));
 * ```
 */
export async function gatherProjectReportData(
  record: ExportRecord,
  project: ProjectRecord,
  sections: BulkExportSections,
  now: number,
): Promise<ProjectReportData> {
  const period: ProjectReportPeriod = record.date_range ?? {
    from: isoTime(now - (REPORT_DEFAULT_DAYS - 1) * DAY_MS).slice(0, 10),
    to: isoTime(now).slice(0, 10),
  };
  return {
    project: { name: project.name, domain: project.domain, language: project.language },
    generated_at: isoTime(now),
    period,
    content: record.types.includes('content') ? await contentSummary(period, project, sections) : null,
    keywords: record.types.includes('keywords') ? await topKeywords(sections) : null,
    visibility: record.types.includes('ai-visibility') ? await visibility(period, project, sections) : null,
  };
}

async function contentSummary(
  period: ProjectReportPeriod,
  project: ProjectRecord,
  sections: BulkExportSections,
): Promise<ProjectReportContent> {
  const within = dateRangeInstants(period);
  const byStatus = { generating: 0, draft: 0, published: 0, failed: 0 };
  const recent: Array<ProjectReportArticle & { at: number }> = [];
  for await (const item of projectContent(sections.store, project.id)) {
    if (createdWithin(item, within)) byStatus[item.status]++;
    const published = item.published_at;
    if (
      item.status !== 'published' ||
      published === null ||
      !createdWithin({ created_at: published }, within)
    ) {
      continue;
    }
    recent.push({ title: item.title ?? '', published_at: isoTime(published), at: published });
    if (recent.length > RECENT_TITLES_SHOWN * 2)
      keepFirst(recent, RECENT_TITLES_SHOWN, (a, b) => b.at - a.at);
  }
  keepFirst(recent, RECENT_TITLES_SHOWN, (a, b) => b.at - a.at);
  return {
    total: byStatus.generating + byStatus.draft + byStatus.published + byStatus.failed,
    by_status: byStatus,
    recent_published: recent.map(({ title, published_at }) => ({ title, published_at })),
  };
}

async function visibility(
  period: ProjectReportPeriod,
  project: ProjectRecord,
  sections: BulkExportSections,
): Promise<ProjectReportVisibility> {
  const [score, daily] = await Promise.all([
    sections.aiVisibility.scoreOf(project, period),
    sections.aiVisibility.dailyScores(project, period),
  ]);
  return {
    score: score.score,
    citation_score: score.citation_score,
    platforms: score.platforms.map((platform) => ({
      platform: platform.platform,
      score: platform.score,
      responses: platform.counts.responses,
      mentions: platform.counts.mentioned,
    })),
    // A day without answers is a gap in the chart, not a zero.
    daily: daily.map((day) => ({ date: day.date, score: day.counts.responses === 0 ? null : day.score })),
  };
}

async function topKeywords(sections: BulkExportSections): Promise<ProjectReportKeyword[]> {
  const rows: ProjectReportKeyword[] = [];
  const byOpportunity = (a: ProjectReportKeyword, b: ProjectReportKeyword) =>
    b.opportunity_score - a.opportunity_score || a.keyword.localeCompare(b.keyword);
  for await (const keyword of eachKeyword(await sections.keywordPages())) {
    const { volume, position, change, impressions, clicks, opportunity_score } = keyword;
    rows.push({ keyword: keyword.keyword, volume, position, change, impressions, clicks, opportunity_score });
    if (rows.length > REPORT_KEYWORD_ROWS * 2) keepFirst(rows, REPORT_KEYWORD_ROWS, byOpportunity);
  }
  keepFirst(rows, REPORT_KEYWORD_ROWS, byOpportunity);
  return rows;
}

/** Sorts `items` in place and drops all but the first `count`: a bounded top-N while streaming. */
function keepFirst<T>(items: T[], count: number, order: (a: T, b: T) => number): void {
  items.sort(order);
  items.length = Math.min(items.length, count);
}
