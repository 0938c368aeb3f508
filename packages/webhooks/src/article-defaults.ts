import type { ArticlePayload } from '@rankquill/contract';
import { describeInvalidFields, describeMissingFields, eventFields, fieldProblems } from './payload-errors';

/** The fields without which a receiver cannot publish an article (spec 6, point 3). */
export const REQUIRED_ARTICLE_FIELDS = ['title', 'slug', 'content'] as const;

/**
 * What a receiver accepts for `content.published` and `content.updated`: the article payload of
 * spec 2.5, each field absent, null or of its kind; title, slug and content required (below).
 * Unknown fields are ignored.
 */
function articleProblems(body: Record<string, unknown>) {
  return eventFields('content.published').flatMap((field) => {
    const value = body[field.name];
    return value === undefined || value === null ? [] : fieldProblems(field, value);
  });
}

/** The article's fields, as received: a string or string list, or absent. */
type ReceivedArticle = { [K in keyof ArticlePayload]?: ArticlePayload[K] | null };

/** An empty string counts as absent: a page needs a language, and an empty SEO title helps nobody. */
function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Validates an article body and fills absent optional fields the way the reference receiver
 * does: empty strings, an empty keyword list, `authorDefault` as author, `en` as language,
 * `meta_title` = title and `meta_description` = excerpt. A field that is absent, null or empty
 * gets its default. Title, slug and content must be non-blank strings.
 *
 * @example
 * ```ts
 * import { applyArticleDefaults } from '@rankquill/webhooks';
 * const result = applyArticleDefaults('content.published', { title: 'T', slug: 't', content: '<p>x</p>' });
 * if (result.ok) console.log(result.article.meta_title); // 'T'
 * ```
 */
export function applyArticleDefaults(
  event: string,
  body: Record<string, unknown>,
  { authorDefault = 'Rankquill' }: { authorDefault?: string } = {},
): { ok: true; article: ArticlePayload } | { ok: false; error: string } {
  const invalid = articleProblems(body);
  const missing = REQUIRED_ARTICLE_FIELDS.filter((field) => {
    const value = body[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
  if (invalid.length > 0 || missing.length > 0) {
    const problems: string[] = [];
    if (missing.length > 0) problems.push(describeMissingFields(missing));
    if (invalid.length > 0) problems.push(describeInvalidFields(invalid));
    problems.push(`A ${event} body needs ${REQUIRED_ARTICLE_FIELDS.join(', ')}.`);
    return { ok: false, error: problems.join(' ') };
  }
  const input = body as ReceivedArticle;
  const title = input.title as string;
  const excerpt = present(input.excerpt) ? input.excerpt : '';
  return {
    ok: true,
    article: {
      title,
      slug: input.slug as string,
      content: input.content as string,
      excerpt,
      meta_title: present(input.meta_title) ? input.meta_title : title,
      meta_description: present(input.meta_description) ? input.meta_description : excerpt,
      keywords: [...(input.keywords ?? [])],
      canonical_url: present(input.canonical_url) ? input.canonical_url : '',
      featured_image: present(input.featured_image) ? input.featured_image : '',
      author: present(input.author) ? input.author : authorDefault,
      language: present(input.language) ? input.language : 'en',
    },
  };
}
