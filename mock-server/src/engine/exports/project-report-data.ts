/**
 * Everything the PDF project report shows, gathered by the bulk export before rendering.
 * Leave out a section (or pass `null`) when the export did not ask for it: the report then
 * skips it. An included section with no rows still renders, with a line that says so.
 *
 * @example
 * ```ts
 * const data: ProjectReportData = {
 *   project: { name: 'Acme', domain: 'acme.example', language: 'en' },
 *   generated_at: '2026-02-01T00:00:00.000Z',
 *   period: { from: '2026-01-01', to: '2026-01-31' },
 *   content: {
 *     total: 3,
 *     by_status: { generating: 0, draft: 1, published: 2, failed: 0 },
 *     recent_published: [{ title: 'How to brew coffee', published_at: '2026-01-20T09:00:00.000Z' }],
 *   },
 *   keywords: [
 *     { keyword: 'coffee', volume: 1200, position: 4, change: 2, impressions: 900, clicks: 40, opportunity_score: 71 },
 *   ],
 *   visibility: {
 *     score: 62,
 *     citation_score: 41,
 *     platforms: [{ platform: 'chatgpt', score: 70, responses: 30, mentions: 21 }],
 *     daily: [{ date: '2026-01-31', score: 62 }],
 *   },
 * };
 * const pdf = await renderProjectReportPdf(data);
 * ```
 */
export interface ProjectReportData {
  project: ProjectReportProject;
  /** ISO 8601 UTC instant the report was made; also the PDF's creation and modification date. */
  generated_at: string;
  /** The export's `date_range`, both ends inclusive, `YYYY-MM-DD`. */
  period: ProjectReportPeriod;
  /** Content summary; absent or null when the export did not include `content`. */
  content?: ProjectReportContent | null;
  /** Keyword table rows in the order to print them; absent or null when the export did not include `keywords`. */
  keywords?: ProjectReportKeyword[] | null;
  /**
   * How many keywords the project tracks, when `keywords` holds only some of them (such as the
   * 200 with the best opportunity); the report then says "200 of 512 keywords". Defaults to
   * `keywords.length`.
   */
  keywords_total?: number | null;
  /** AI-visibility figures; absent or null when the export did not include `ai-visibility`. */
  visibility?: ProjectReportVisibility | null;
}

export interface ProjectReportProject {
  name: string;
  /** Host name, such as `acme.example`. */
  domain: string;
  /** Language code of the project, such as `en` or `nl`. */
  language: string;
}

export interface ProjectReportPeriod {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD`. */
  to: string;
}

/** Most recently published titles the report lists. */
export const RECENT_TITLES_SHOWN = 10;

export interface ProjectReportContent {
  /** Number of content items in the period, whatever their status. */
  total: number;
  by_status: ProjectReportContentCounts;
  /** Latest published articles, newest first; the report prints the first 10. */
  recent_published: ProjectReportArticle[];
}

export interface ProjectReportContentCounts {
  generating: number;
  draft: number;
  published: number;
  failed: number;
}

export interface ProjectReportArticle {
  title: string;
  /** ISO 8601 UTC instant of publication. */
  published_at: string;
}

/** One tracked keyword with its latest figures: the columns of the keyword export (spec 2.3). */
export interface ProjectReportKeyword {
  keyword: string;
  /** Monthly search volume. */
  volume: number;
  /** Ranking position; null when the keyword does not rank. */
  position: number | null;
  /** `previous_position − position`: positive means the page moved up; null when either is null. */
  change: number | null;
  impressions: number;
  clicks: number;
  opportunity_score: number;
}

export interface ProjectReportVisibility {
  /** Visibility score, 0–100. */
  score: number;
  /** Citation score, 0–100. */
  citation_score: number;
  /** One row per AI platform, in the order to print them. */
  platforms: ProjectReportPlatform[];
  /** Daily visibility score over the period, oldest first; drawn as a line chart. */
  daily: ProjectReportDailyScore[];
}

export interface ProjectReportPlatform {
  /** Platform id; known ids get their product name in the report, others are printed as given. */
  platform: 'chatgpt' | 'perplexity' | 'gemini' | 'claude' | 'google_ai_overviews' | (string & {});
  /** Visibility score on this platform, 0–100. */
  score: number;
  /** Answers collected from this platform in the period. */
  responses: number;
  /** Answers that mentioned the brand. */
  mentions: number;
}

export interface ProjectReportDailyScore {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Score of that day, 0–100; null for a day without data, which leaves a gap in the line. */
  score: number | null;
}
