import { z } from 'zod';
import { named } from './registry';

/**
 * The article sent to the customer's webhook with `content.published` and `content.updated`
 * (spec 2.5). `title`, `slug` and `content` are required by the receiver; the receiver fills
 * the others with defaults when absent.
 */
export const ArticlePayload = named(
  'ArticlePayload',
  'Article sent to the webhook receiver (spec 2.5).',
  z.object({
    title: z.string().describe('Headline. Required by the receiver.'),
    slug: z.string().describe('URL-friendly identifier, unique per article. Required by the receiver.'),
    content: z.string().describe('Full body as HTML. Required by the receiver.'),
    excerpt: z.string().describe('Short summary.'),
    meta_title: z.string(),
    meta_description: z.string(),
    keywords: z.array(z.string()),
    canonical_url: z.string().describe('May be an empty string.'),
    featured_image: z.string().describe('Image URL.'),
    author: z.string(),
    language: z.string().describe('Language code such as en, fr, es.'),
  }),
);
export type ArticlePayload = z.infer<typeof ArticlePayload>;
