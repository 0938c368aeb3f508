import { sanitizeArticleHtml } from './sanitize-article-html';
import type { StoredArticle } from './stores/article-store';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
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
