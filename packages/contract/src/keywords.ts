import { z } from 'zod';
import { DateOnly, NOT_BLANK, Timestamp } from './common';
import { named } from './registry';

/** Longest keyword the service tracks, in characters, after whitespace is collapsed. */
export const KEYWORD_MAX_LENGTH = 200;

/**
 * How a keyword is stored: trimmed, with every run of whitespace (tabs, newlines included)
 * collapsed to one space. Two keywords are duplicates when their normalized forms are equal
 * ignoring case.
 *
 * @example
 * ```ts
 * normalizeKeyword('  Cold \t brew   ratio '); // 'Cold brew ratio'
 * ```
 */
export function normalizeKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

export const KeywordCreateParams = named(
  'KeywordCreateParams',
  'Body of POST /projects/:projectId/keywords. The keyword is trimmed and its whitespace collapsed; a keyword the project already tracks (ignoring case) is a 409.',
  z.strictObject({
    keyword: z
      .string({ error: 'must be a string' })
      .max(KEYWORD_MAX_LENGTH, { error: `must be at most ${KEYWORD_MAX_LENGTH} characters` })
      .regex(NOT_BLANK, { error: 'must not be empty' })
      .overwrite(normalizeKeyword)
      .describe(`Search query to track, 1–${KEYWORD_MAX_LENGTH} characters. Required.`),
  }),
);
export type KeywordCreateParams = z.input<typeof KeywordCreateParams>;

const position = z.number().int().min(1).max(100);

export const Keyword = named(
  'Keyword',
  'A tracked keyword with the figures of its latest daily rank check. Rankings are checked every day at 00:00 UTC, and once when the keyword is added, so a keyword always has at least one check.',
  z.object({
    id: z.string().describe('Keyword id, `kw_…`.'),
    project_id: z.string().describe('Project id, `proj_…`.'),
    keyword: z.string().describe('The search query, trimmed with its whitespace collapsed.'),
    volume: z.number().int().describe('Estimated searches per month.'),
    position: position
      .nullable()
      .describe("Position of the project's site in the latest check, 1–100; null when not in the top 100."),
    previous_position: position
      .nullable()
      .describe(
        'Position in the check before the latest one; null when not ranked then or when there was none.',
      ),
    change: z
      .number()
      .int()
      .nullable()
      .describe('previous_position − position: positive means the page moved up. Null when either is null.'),
    impressions: z
      .number()
      .int()
      .describe('Times the site was shown for the keyword on the day of the latest check.'),
    clicks: z.number().int().describe('Clicks to the site from the keyword on the day of the latest check.'),
    opportunity_score: z
      .number()
      .min(0)
      .max(100)
      .describe('0–100, one decimal: how much traffic better content could win (see docs/keywords.md).'),
    created_at: Timestamp,
    last_checked_at: Timestamp.describe('When the latest rank check ran.'),
  }),
);
export type Keyword = z.infer<typeof Keyword>;

export const KeywordOpportunityFactors = named(
  'KeywordOpportunityFactors',
  'The three factors, each 0–1, whose product times 100 is the opportunity score.',
  z.object({
    demand: z.number().describe('min(1, log10(volume + 1) / 5): how many people search for the keyword.'),
    reachability: z
      .number()
      .describe(
        '1 at positions 1–4, falling by 1/40 a position to 0.1 at 40 and below; 0.05 when not ranked.',
      ),
    click_gap: z
      .number()
      .describe(
        '1 − (clicks / impressions) / CTR at position 1, at least 0: the share of clicks still to win.',
      ),
  }),
);
export type KeywordOpportunityFactors = z.infer<typeof KeywordOpportunityFactors>;

export const KeywordOpportunity = named(
  'KeywordOpportunity',
  'A tracked keyword ranked by its opportunity score, with the inputs and factors of the score.',
  z.object({
    keyword_id: z.string().describe('Keyword id, `kw_…`.'),
    keyword: z.string(),
    opportunity_score: z
      .number()
      .min(0)
      .max(100)
      .describe('100 × demand × reachability × click_gap, one decimal.'),
    volume: z.number().int().describe('Estimated searches per month.'),
    position: position.nullable().describe('Latest position, 1–100; null when not in the top 100.'),
    impressions: z.number().int().describe('Impressions on the day of the latest check.'),
    clicks: z.number().int().describe('Clicks on the day of the latest check.'),
    factors: KeywordOpportunityFactors,
  }),
);
export type KeywordOpportunity = z.infer<typeof KeywordOpportunity>;

export const KeywordPerformancePoint = named(
  'KeywordPerformancePoint',
  'The result of one daily rank check of a keyword.',
  z.object({
    date: DateOnly.describe('UTC day of the check, `YYYY-MM-DD`.'),
    position: position.nullable().describe('Position that day, 1–100; null when not in the top 100.'),
    change: z
      .number()
      .int()
      .nullable()
      .describe(
        'Position of the check before − this position: positive means the page moved up. Null when either is null, and on the first check.',
      ),
    impressions: z.number().int().describe('Times the site was shown for the keyword that day.'),
    clicks: z.number().int().describe('Clicks to the site from the keyword that day.'),
  }),
);
export type KeywordPerformancePoint = z.infer<typeof KeywordPerformancePoint>;

const dateFilter = (description: string) =>
  z.iso
    .date({ error: 'must be a real calendar date in YYYY-MM-DD form, such as 2026-01-31' })
    .optional()
    .describe(description);

/** Query filters of `GET /projects/:projectId/keywords/:keywordId/performance`, beside `limit` and `offset`. */
export const KeywordPerformanceParams = z.object({
  from: dateFilter('First UTC day to include, `YYYY-MM-DD`.'),
  to: dateFilter('Last UTC day to include, `YYYY-MM-DD`.'),
});
