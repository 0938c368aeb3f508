import { z } from 'zod';
import { OFFSET_RANGE, Pagination, Timestamp } from './common';
import { named } from './registry';

/** Article of the public article API, list form (spec 2.6): no body. */
export const PublicArticleListItem = named(
  'PublicArticleListItem',
  'A published article without its body.',
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().describe('Meta description.'),
    language: z.string().describe('Language code of the project.'),
    published_at: Timestamp.describe('Publication time, or creation time when never published.'),
    updated_at: Timestamp,
  }),
);
export type PublicArticleListItem = z.infer<typeof PublicArticleListItem>;

/** Article of the public article API, single form (spec 2.6): with the HTML body. */
export const PublicArticle = named(
  'PublicArticle',
  'A published article with its HTML body.',
  PublicArticleListItem.extend({ content: z.string().describe('Body as HTML.') }),
);
export type PublicArticle = z.infer<typeof PublicArticle>;

export const PublicArticleListResponse = named(
  'PublicArticleListResponse',
  'Answer of the list call, newest first.',
  z.object({ success: z.literal(true), articles: z.array(PublicArticleListItem), pagination: Pagination }),
);
export type PublicArticleListResponse = z.infer<typeof PublicArticleListResponse>;

export const PublicArticleResponse = named(
  'PublicArticleResponse',
  'Answer of the single-article call.',
  z.object({ success: z.literal(true), article: PublicArticle }),
);
export type PublicArticleResponse = z.infer<typeof PublicArticleResponse>;

export const PublicErrorBody = named(
  'PublicError',
  'Error body of the public article API.',
  z.object({ success: z.literal(false), error: z.string() }),
);
export type PublicErrorBody = z.infer<typeof PublicErrorBody>;

/** The messages of spec section 7, word for word. */
export const PUBLIC_ARTICLE_ERRORS = {
  keyMissing: 'API key required. Pass via X-Service-Key header.',
  keyInvalid: 'Invalid API key',
  notFound: 'Article not found or not published',
  internal: 'Internal server error',
} as const;

/** Range of the `limit` parameter and its default (spec 4.3). */
export const PUBLIC_ARTICLE_LIMIT = { min: 1, max: 100, default: 10 } as const;

export const PublicArticleQuery = z.object({
  id: z.string().optional(),
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100' })
    .int({ error: 'limit must be an integer from 1 to 100' })
    .min(PUBLIC_ARTICLE_LIMIT.min, { error: 'limit must be an integer from 1 to 100' })
    .max(PUBLIC_ARTICLE_LIMIT.max, { error: 'limit must be an integer from 1 to 100' })
    .default(PUBLIC_ARTICLE_LIMIT.default),
  offset: z.coerce
    .number({ error: `offset ${OFFSET_RANGE}` })
    .int({ error: `offset ${OFFSET_RANGE}` })
    .min(0, { error: `offset ${OFFSET_RANGE}` })
    .max(Number.MAX_SAFE_INTEGER, { error: `offset ${OFFSET_RANGE}` })
    .default(0),
});
export type PublicArticleQuery = z.input<typeof PublicArticleQuery>;
