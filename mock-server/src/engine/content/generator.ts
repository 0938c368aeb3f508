import type { Random } from '../kernel/random';

/** What the engine asks a generator to write. */
export interface ArticleRequest {
  keyword: string;
  /** One of the contract's CONTENT_TYPES (`blog_post`, `how_to`, ...). */
  type: string;
  /** Requested length in words. */
  length: number;
  /** Language code of the project, such as `en`. */
  language: string;
  project: { name: string; domain: string };
}

/** An article as a generator writes it; the engine sanitizes, slugs and stores it. */
export interface GeneratedArticle {
  title: string;
  /** Body as HTML: headings, paragraphs, at least one list. Sanitized by the engine on write. */
  html: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  keywords: string[];
  featured_image: string;
  author: string;
}

/**
 * Writes articles. The default is deterministic from the seeded `Random` it is given; a real
 * language model can be plugged in behind the same interface.
 */
export interface ContentGenerator {
  /** An article for `request`; every random choice from `random`, so one seed writes one article. */
  generate(request: ArticleRequest, random: Random): Promise<GeneratedArticle>;
}
