import { z } from 'zod';
import {
  AiVisibilityPlatformBreakdown,
  AiVisibilityPrompt,
  AiVisibilityResponse,
  AiVisibilityScore,
  AiVisibilityTopic,
} from './ai-visibility';
import { DateOnly, Timestamp } from './common';
import { ContentStatus } from './content';
import { Keyword } from './keywords';
import { named, openEnum } from './registry';

/** Formats of `GET /projects/:projectId/content/export` (spec 4.2). */
export const CONTENT_EXPORT_FORMATS = ['json', 'csv', 'html', 'markdown'] as const;
export type ContentExportFormat = (typeof CONTENT_EXPORT_FORMATS)[number];

/** Formats of `GET /projects/:projectId/keywords/export` (spec 4.2: csv is used for keywords). */
export const KEYWORD_EXPORT_FORMATS = ['csv'] as const;
export type KeywordExportFormat = (typeof KEYWORD_EXPORT_FORMATS)[number];

/** Formats of `GET /projects/:projectId/ai-visibility/export` (spec 4.2: json is used for AI visibility). */
export const AI_VISIBILITY_EXPORT_FORMATS = ['json'] as const;
export type AiVisibilityExportFormat = (typeof AI_VISIBILITY_EXPORT_FORMATS)[number];

/** What a bulk export can hold (spec 4.2). */
export const BULK_EXPORT_TYPES = ['content', 'keywords', 'ai-visibility'] as const;
export type BulkExportType = (typeof BULK_EXPORT_TYPES)[number];

/** File formats of a bulk export: one JSON document, a ZIP of one CSV per type, or a PDF report. */
export const BULK_EXPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type BulkExportFormat = (typeof BULK_EXPORT_FORMATS)[number];

/**
 * Lifecycle of a bulk export: `pending` → `processing` → `ready` (downloadable) or `failed`;
 * `ready` → `expired` when its file is deleted.
 */
export const EXPORT_STATUSES = ['pending', 'processing', 'ready', 'failed', 'expired'] as const;
export const ExportStatus = openEnum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof ExportStatus>;

function formatParam<const T extends readonly [string, ...string[]]>(formats: T) {
  return z.object({
    format: z
      .enum(formats, { error: `must be one of: ${formats.join(', ')}` })
      .describe(`File format: ${formats.join(', ')}. Required.`),
  });
}

/** Query of `GET /projects/:projectId/content/export`. */
export const ContentExportParams = formatParam(CONTENT_EXPORT_FORMATS);
export type ContentExportParams = z.input<typeof ContentExportParams>;

/** Query of `GET /projects/:projectId/keywords/export`. */
export const KeywordExportParams = formatParam(KEYWORD_EXPORT_FORMATS);
export type KeywordExportParams = z.input<typeof KeywordExportParams>;

/** Query of `GET /projects/:projectId/ai-visibility/export`. */
export const AiVisibilityExportParams = formatParam(AI_VISIBILITY_EXPORT_FORMATS);
export type AiVisibilityExportParams = z.input<typeof AiVisibilityExportParams>;

export const ContentExportArticle = named(
  'ContentExportArticle',
  'One article of a content export (spec 2.2). The CSV export has the same columns, in this order; `keywords` is joined with "; " there.',
  z.object({
    id: z.string().describe('Content id, `cnt_…`.'),
    title: z.string(),
    slug: z.string(),
    status: ContentStatus.describe('Publication status: `draft` or `published`.'),
    keyword: z.string().describe('Target keyword the article was generated for.'),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    keywords: z.array(z.string()).describe('SEO keywords.'),
    featured_image: z.string().nullable().describe('Featured image URL.'),
    content: z.string().describe('Body as sanitized HTML.'),
    content_text: z.string().describe('Body as plain text.'),
    created_at: Timestamp,
    updated_at: Timestamp,
    published_at: Timestamp.nullable().describe(
      'Time of the latest publication; null for a draft never published.',
    ),
  }),
);
export type ContentExportArticle = z.infer<typeof ContentExportArticle>;

export const ExportProject = named(
  'ExportProject',
  'The project an export was taken from.',
  z.object({ id: z.string(), name: z.string(), domain: z.string() }),
);
export type ExportProject = z.infer<typeof ExportProject>;

export const ContentExport = named(
  'ContentExport',
  'The JSON content export: every article of the project that has a body (`draft` and `published`), oldest first.',
  z.object({
    object: z.literal('content_export'),
    project: ExportProject,
    exported_at: Timestamp,
    articles: z.array(ContentExportArticle),
  }),
);
export type ContentExport = z.infer<typeof ContentExport>;

export const AiVisibilityDailyFigures = named(
  'AiVisibilityDailyFigures',
  'The visibility figures of one day of answers, for a chart of the score over time.',
  AiVisibilityPlatformBreakdown.omit({ platform: true }).extend({ date: DateOnly }),
);
export type AiVisibilityDailyFigures = z.infer<typeof AiVisibilityDailyFigures>;

export const AiVisibilityExport = named(
  'AiVisibilityExport',
  "The AI-visibility export (spec 2.4): the score with its citation score, platform breakdown and cited domains over the last 30 days (or the bulk export's date range), the figures of each day, then every topic, prompt and response (responses of the date range only, when one is given).",
  z.object({
    object: z.literal('ai_visibility_export'),
    project: ExportProject,
    exported_at: Timestamp,
    visibility: AiVisibilityScore,
    daily: z.array(AiVisibilityDailyFigures),
    topics: z.array(AiVisibilityTopic),
    prompts: z.array(AiVisibilityPrompt),
    responses: z.array(AiVisibilityResponse),
  }),
);
export type AiVisibilityExport = z.infer<typeof AiVisibilityExport>;

const dateField = DateOnly.describe('A date in YYYY-MM-DD form (UTC).');
const DATE_ERROR = 'must be a date in YYYY-MM-DD form, such as 2026-01-31';

export const ExportDateRange = named(
  'ExportDateRange',
  'Inclusive range of UTC calendar days an export covers.',
  z.object({ from: dateField, to: dateField }),
);
export type ExportDateRange = z.infer<typeof ExportDateRange>;

export const BulkExportCreateParams = named(
  'BulkExportCreateParams',
  'Body of POST /projects/:projectId/export (spec 4.2).',
  z.strictObject({
    types: z
      .array(z.enum(BULK_EXPORT_TYPES, { error: `must be one of: ${BULK_EXPORT_TYPES.join(', ')}` }), {
        error: `must be a non-empty array of: ${BULK_EXPORT_TYPES.join(', ')}`,
      })
      .min(1, { error: `must be a non-empty array of: ${BULK_EXPORT_TYPES.join(', ')}` })
      .describe('What to export; duplicates are ignored.'),
    format: z
      .enum(BULK_EXPORT_FORMATS, { error: `must be one of: ${BULK_EXPORT_FORMATS.join(', ')}` })
      .describe(
        '`json`: one document with a section per type; `csv`: a ZIP of one CSV per type; `pdf`: a report.',
      ),
    date_range: z
      .strictObject(
        {
          from: z.iso.date({ error: DATE_ERROR }).describe('First day, YYYY-MM-DD (UTC).'),
          to: z.iso.date({ error: DATE_ERROR }).describe('Last day, YYYY-MM-DD (UTC), on or after `from`.'),
        },
        { error: 'must be an object {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}' },
      )
      .refine((range) => range.from <= range.to, {
        path: ['to'],
        error: 'must be on or after date_range.from',
      })
      .optional()
      .describe(
        'Days to cover (by creation date for content, by date for rankings and visibility). Absent: everything.',
      ),
  }),
);
export type BulkExportCreateParams = z.input<typeof BulkExportCreateParams>;

export const BulkExport = named(
  'BulkExport',
  'An asynchronous bulk export. Poll it until `status` is `ready`, then fetch `download_url` (no API key needed: the URL carries a signed, expiring token).',
  z.object({
    id: z.string().describe('Export id, `exp_…`.'),
    project_id: z.string(),
    status: ExportStatus,
    types: z.array(openEnum(BULK_EXPORT_TYPES)),
    format: openEnum(BULK_EXPORT_FORMATS),
    date_range: ExportDateRange.nullable(),
    filename: z.string().describe('Name the file is downloaded under.'),
    content_type: z.string().describe('Media type of the file.'),
    size_bytes: z.number().int().nullable().describe('Size of the file once ready.'),
    created_at: Timestamp,
    completed_at: Timestamp.nullable().describe('When the export became `ready` or `failed`.'),
    expires_at: Timestamp.nullable().describe('When the file of a ready export is deleted.'),
    download_url: z
      .string()
      .nullable()
      .describe(
        'While `ready`: a signed URL that serves the file without an API key, valid until `download_url_expires_at`.',
      ),
    download_url_expires_at: Timestamp.nullable(),
    failure_reason: z.string().nullable(),
  }),
);
export type BulkExport = z.infer<typeof BulkExport>;

export const BulkExportDocument = named(
  'BulkExportDocument',
  "The file of a bulk export in `json` format: the export's identity, then one section per requested type (`content`, `keywords`, `ai_visibility`), each absent when its type was not requested.",
  z.object({
    object: z.literal('bulk_export'),
    id: z.string().describe('Export id, `exp_…`.'),
    project: ExportProject,
    types: z.array(openEnum(BULK_EXPORT_TYPES)),
    date_range: ExportDateRange.nullable(),
    generated_at: Timestamp,
    content: z
      .object({ articles: z.array(ContentExportArticle) })
      .optional()
      .describe('Articles created within `date_range`, as in the content export.'),
    keywords: z
      .object({ keywords: z.array(Keyword) })
      .optional()
      .describe('Tracked keywords with their latest figures.'),
    ai_visibility: AiVisibilityExport.pick({
      visibility: true,
      daily: true,
      topics: true,
      prompts: true,
      responses: true,
    })
      .optional()
      .describe('As in the AI-visibility export, over `date_range` when one is given.'),
  }),
);
export type BulkExportDocument = z.infer<typeof BulkExportDocument>;

/** Query of the signed download URL of a bulk export; both values come from `download_url`. */
export const ExportDownloadParams = z.object({
  expires: z.string().describe('Unix seconds after which the URL no longer works.'),
  signature: z.string().describe('HMAC-SHA256 of the export id and `expires`, base64url.'),
});
