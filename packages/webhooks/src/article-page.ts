import { sanitizeArticleHtml } from './sanitize-article-html';
import type { StoredArticle } from './stores/article-store';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The Content-Security-Policy to serve with `renderArticlePage`: no script runs, images load from
 * http(s) and data URLs only, and links or forms cannot be retargeted (`base-uri`, `form-action`).
 * The same string in every language (PHP `ArticlePage::CONTENT_SECURITY_POLICY`, Python and Ruby
 * alike), and in `article-page.json` of the contract's vectors.
 *
 * @example
 * ```ts
 * import { ARTICLE_PAGE_CSP, renderArticlePage } from '@rankquill/webhooks';
 * return new Response(renderArticlePage(article), {
 *   headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': ARTICLE_PAGE_CSP },
 * });
 * ```
 */
export const ARTICLE_PAGE_CSP =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/**
 * Escapes text for HTML element content and quoted attribute values.
 * @example
 * ```ts
 * escapeHtml('<a href="x">Tom & Jerry</a>'); // '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/**
 * `value` unchanged when it is an absolute http(s) URL with a host and no whitespace or control
 * character, else undefined. A plain pattern rather than a URL parser, so that every language's
 * renderer keeps and drops the same URLs and writes them byte for byte alike.
 */
function httpUrl(value: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /^https?:\/\/[^/?#\\\u0000-\u0020\u007f]+(?:[/?#][^\u0000-\u0020\u007f]*)?$/i.test(value)
    ? value
    : undefined;
}

/**
 * The HTML page of a stored article. Title, description, author and URLs are escaped (and URLs
 * limited to http and https); the content is sanitized to the service's allow-list again
 * (`sanitizeArticleHtml`), whatever store it came from. Serve it with a Content-Security-Policy
 * that forbids scripts as a second line of defence.
 *
 * @example
 * ```ts
 * import { renderArticlePage } from '@rankquill/webhooks';
 * return new Response(renderArticlePage(article), { headers: { 'content-type': 'text/html; charset=utf-8' } });
 * ```
 */
export function renderArticlePage(article: StoredArticle): string {
  const canonical = httpUrl(article.canonical_url);
  const image = httpUrl(article.featured_image);
  return `<!doctype html>
<html lang="${escapeHtml(article.language)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(article.meta_title || article.title)}</title>
<meta name="description" content="${escapeHtml(article.meta_description)}">
<meta name="keywords" content="${escapeHtml(article.keywords.join(', '))}">
<meta name="author" content="${escapeHtml(article.author)}">
${canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">\n` : ''}</head>
<body>
<article>
<h1>${escapeHtml(article.title)}</h1>
<p class="byline">${escapeHtml(article.author)}</p>
${image ? `<img src="${escapeHtml(image)}" alt="">\n` : ''}${sanitizeArticleHtml(article.content)}
</article>
</body>
</html>
`;
}
