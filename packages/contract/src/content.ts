import { z } from 'zod';
import { NOT_BLANK, Timestamp } from './common';
import { named, openEnum } from './registry';

/**
 * Kinds of article the generator writes. `blog_post` is the spec's value; the others are the
 * formats content teams ask for most, each with its own outline.
 */
export const CONTENT_TYPES = [
  'blog_post',
  'how_to',
  'listicle',
  'comparison',
  'product_review',
  'news',
] as const;
export const ContentTypeParam = z.enum(CONTENT_TYPES, {
  error: `must be one of: ${CONTENT_TYPES.join(', ')}`,
});
export const ContentType = openEnum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentType>;

/**
 * Lifecycle of a content item: `generating` → `draft` (or `published` with `auto_publish`) or
 * `failed`; `draft` ⇄ `published` through publish and unpublish.
 */
export const CONTENT_STATUSES = ['generating', 'draft', 'published', 'failed'] as const;
export const ContentStatus = openEnum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatus>;

/** Requested article length, in words. */
export const CONTENT_LENGTH = { min: 300, max: 5000, default: 1200 } as const;

/**
 * Longest article HTML (`content`) a content update takes, in characters as JavaScript counts
 * them (UTF-16 code units). Every sanitizer must clean an article this long in well under a
 * second, whatever it holds (`vectors/sanitize-pathological.json`).
 *
 * @example
 * ```ts
 * import { CONTENT_MAX_CHARACTERS } from '@rankquill/contract';
 * if (html.length > CONTENT_MAX_CHARACTERS) throw new Error('content is too long');
 * ```
 */
export const CONTENT_MAX_CHARACTERS = 500_000;

// Ids `ContentItem…`: `ContentCreateParams` and `ContentCreateResponse` are the names oapi-codegen
// and ogen give the parameters and the answer of operation `content.create` (the same for
// `content.update`). Our own models keep their names (`modelName`).
export const ContentCreateParams = named(
  'ContentItemCreateParams',
  'Body of POST /projects/:projectId/content (spec 2.2).',
  z.strictObject({
    keyword: z
      .string({ error: 'must be a string' })
      .max(200, { error: 'must be at most 200 characters' })
      .regex(NOT_BLANK, { error: 'must not be empty' })
      .trim()
      .describe('Target keyword of the article. Required.'),
    type: ContentTypeParam.default('blog_post').describe('Kind of article.'),
    length: z
      .number({
        error: `must be an integer number of words from ${CONTENT_LENGTH.min} to ${CONTENT_LENGTH.max}`,
      })
      .int({
        error: `must be an integer number of words from ${CONTENT_LENGTH.min} to ${CONTENT_LENGTH.max}`,
      })
      .min(CONTENT_LENGTH.min, {
        error: `must be an integer number of words from ${CONTENT_LENGTH.min} to ${CONTENT_LENGTH.max}`,
      })
      .max(CONTENT_LENGTH.max, {
        error: `must be an integer number of words from ${CONTENT_LENGTH.min} to ${CONTENT_LENGTH.max}`,
      })
      .default(CONTENT_LENGTH.default)
      .describe('Requested length in words.'),
    auto_publish: z
      .boolean({ error: 'must be true or false' })
      .default(false)
      .describe('Publish as soon as generation finishes.'),
  }),
  { modelName: 'ContentCreateParams' },
);
export type ContentCreateParams = z.input<typeof ContentCreateParams>;

export const ContentCreateResponse = named(
  'ContentItemCreateResponse',
  'Answer of POST /projects/:projectId/content (spec 2.2).',
  z.object({
    id: z.string(),
    status: ContentStatus,
    keyword: z.string(),
    type: ContentType,
    estimated_completion: Timestamp,
    created_at: Timestamp,
  }),
  { modelName: 'ContentCreateResponse' },
);
export type ContentCreateResponse = z.infer<typeof ContentCreateResponse>;

export const ContentItem = named(
  'ContentItem',
  'A content item. Article fields are null while the item is generating or when it failed.',
  z.object({
    id: z.string().describe('Content id, `cnt_…`.'),
    project_id: z.string(),
    status: ContentStatus,
    keyword: z.string(),
    type: ContentType,
    length: z.number().int().describe('Requested length in words.'),
    auto_publish: z.boolean(),
    title: z.string().nullable(),
    slug: z.string().nullable().describe('Unique within the project.'),
    content: z.string().nullable().describe('Body as sanitized HTML.'),
    content_text: z.string().nullable().describe('Body as plain text.'),
    excerpt: z.string().nullable(),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    keywords: z.array(z.string()),
    featured_image: z.string().nullable(),
    author: z.string().nullable(),
    language: z.string(),
    canonical_url: z.string(),
    word_count: z.number().int().nullable(),
    failure_reason: z.string().nullable(),
    estimated_completion: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
    published_at: Timestamp.nullable().describe('Time of the latest publication.'),
    published_url: z
      .string()
      .nullable()
      .describe(
        'URL the webhook receiver answered for the latest `content.published` or `content.updated` delivery, as it sent it; null until known and after unpublishing.',
      ),
  }),
);
export type ContentItem = z.infer<typeof ContentItem>;

const text = (max: number) =>
  z.string({ error: 'must be a string' }).max(max, { error: `must be at most ${max} characters` });
const required = (max: number) => text(max).regex(NOT_BLANK, { error: 'must not be empty' }).trim();

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})';
// Labels without `--` (no `xn--` label that fails to decode); the last starts with a letter, so that
// the WHATWG URL parser never reads the host as an IPv4 number.
const HOST_NAME = '(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*';

// Printable ASCII and any other character of the Basic Multilingual Plane but the surrogates, so
// that a regular expression reads it alike by code point (the document's validators) and by
// UTF-16 code unit (the server): a character beyond U+FFFF is refused by both.
const URL_TAIL_CHARACTER = '[!-~\\u00a0-\\ud7ff\\ue000-\\uffff]';

/**
 * What `canonical_url` takes in an update: `""` (removes it), or `http://` or `https://`, an ASCII
 * host name or IPv4 address, an optional port up to 65535, then from a `/`, `?` or `#` on printable
 * ASCII and the characters from U+00A0 to U+FFFF but the surrogates (no space or control
 * character). The same pattern in the OpenAPI document and on the server, so that every string
 * the document allows is taken and every other refused; each one it matches parses with `new URL`.
 */
const CANONICAL_URL_PATTERN = new RegExp(
  `^(?:https?://(?:${HOST_NAME}|(?:${OCTET}\\.){3}${OCTET})(?::${PORT})?(?:[/?#]${URL_TAIL_CHARACTER}*)?)?$`,
);
const CANONICAL_URL_RULE =
  'must be "" or an absolute http(s) URL with an ASCII host name or IPv4 address and no space, at most 2048 characters';

export const ContentUpdateParams = named(
  'ContentItemUpdateParams',
  'Body of PUT /projects/:projectId/content/:contentId. Absent fields keep their value; `content` is sanitized.',
  z.strictObject({
    title: required(300).optional(),
    slug: z
      .string({ error: 'must be a string' })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lower-case letters, digits and single hyphens' })
      .max(200, { error: 'must be at most 200 characters' })
      .optional(),
    content: required(CONTENT_MAX_CHARACTERS).optional(),
    excerpt: text(1000).optional(),
    meta_title: text(300).optional(),
    meta_description: text(1000).optional(),
    keywords: z
      .array(required(200), { error: 'must be an array of strings' })
      .max(50, { error: 'must hold at most 50 keywords' })
      .optional(),
    featured_image: z
      .url({ error: 'must be an absolute http(s) URL', protocol: /^https?$/ })
      .max(2048, { error: 'must be at most 2048 characters' })
      .optional(),
    author: text(200).optional(),
    canonical_url: z
      .string({ error: 'must be a string' })
      .max(2048, { error: CANONICAL_URL_RULE })
      .regex(CANONICAL_URL_PATTERN, { error: CANONICAL_URL_RULE })
      .describe(
        'An absolute http(s) URL with an ASCII host name or IPv4 address, no space or control character and none beyond U+FFFF, at most 2048 characters; `""` removes it.',
      )
      .optional(),
  }),
  { modelName: 'ContentUpdateParams' },
);
export type ContentUpdateParams = z.input<typeof ContentUpdateParams>;

export const ContentListParams = z.object({
  status: z.enum(CONTENT_STATUSES, { error: `must be one of: ${CONTENT_STATUSES.join(', ')}` }).optional(),
});
