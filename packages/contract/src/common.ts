import { z } from 'zod';
import { named } from './registry';

/** ISO 8601 UTC timestamp with a `Z` suffix, such as `2026-01-01T09:30:00.000Z`. */
export const Timestamp = z.iso.datetime({ offset: false });

/** A calendar date in `YYYY-MM-DD` form. */
export const DateOnly = z.iso.date();

export const Pagination = named(
  'Pagination',
  'Position of a page in a list.',
  z.object({
    limit: z.number().int().describe('Page size used.'),
    offset: z.number().int().describe('Number of items skipped.'),
    count: z.number().int().describe('Number of items in this page.'),
    total: z.number().int().describe('Number of items in the whole list.'),
    has_more: z.boolean().describe('True when another page follows.'),
  }),
);
export type Pagination = z.infer<typeof Pagination>;

/**
 * A string holding more than white space. Written as a pattern, before the value is trimmed, so
 * the OpenAPI document says it too (`"pattern": "\\S"`): a trim is invisible to JSON Schema.
 */
export const NOT_BLANK = /\S/;

/** What an `offset` out of range is told: the largest integer JSON numbers hold exactly. */
export const OFFSET_RANGE = `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`;

/**
 * Largest request body the server reads, in bytes. It holds the largest body the schemas allow
 * however it is written: `content` is up to 500,000 characters, and JSON may spell each as a
 * six-byte escape (`\u00e9`), so 3,000,000 bytes, plus at most about 160 KB for the other
 * fields of a content update. A larger body is a 413.
 */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/** Query parameters of every main API list call. */
export const ListParams = z.object({
  limit: z.coerce
    .number({ error: 'must be an integer from 1 to 100' })
    .int({ error: 'must be an integer from 1 to 100' })
    .min(1, { error: 'must be an integer from 1 to 100' })
    .max(100, { error: 'must be an integer from 1 to 100' })
    .default(10),
  offset: z.coerce
    .number({ error: OFFSET_RANGE })
    .int({ error: OFFSET_RANGE })
    .min(0, { error: OFFSET_RANGE })
    .max(Number.MAX_SAFE_INTEGER, { error: OFFSET_RANGE })
    .default(0),
});
export type ListParams = z.input<typeof ListParams>;

/**
 * The envelope of every main API list: one page of `data` and its `pagination`.
 * @example
 * ```ts
 * const ProjectList = listOf(Project); // { data: Project[], pagination }
 * ```
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: Pagination });
}
export interface ListEnvelope<T> {
  data: T[];
  pagination: Pagination;
}

export const ErrorType = z.enum([
  'invalid_request_error',
  'authentication_error',
  'not_found_error',
  'conflict_error',
  'rate_limit_error',
  'permission_error',
  'api_error',
]);
export type ErrorType = z.infer<typeof ErrorType>;

export const ErrorBody = named(
  'Error',
  'Error body of the main API.',
  z.object({
    error: z.object({
      type: z.string().describe(`One of: ${ErrorType.options.join(', ')}.`),
      message: z.string().describe('What was wrong and what to send instead.'),
      param: z.string().optional().describe('The request field that was wrong, when one was.'),
      request_id: z.string().describe('Same as the X-Request-Id response header.'),
    }),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;
