import type { ArticlePage, PublicArticle } from '@rankquill/public-articles';
import { html, type SafeHtml, trustedHtml } from './html.ts';

/** What every page knows about the site. */
export interface SiteInfo {
  name: string;
}

function layout(site: SiteInfo, title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<header><a href="/">${site.name}</a></header>
<main>
${body}
</main>
</body>
</html>
`.value;
}

function date(timestamp: string): SafeHtml {
  return html`<time datetime="${timestamp}">${timestamp.slice(0, 10)}</time>`;
}

/** The list of articles: one page of them, newest first, with links to the pages around it. */
export function listPage(site: SiteInfo, page: ArticlePage, pageNumber: number, pageCount: number): string {
  const items = page.articles.map(
    (article) => html`<li>
<h2><a href="/articles/${encodeURIComponent(article.id)}">${article.title}</a></h2>
<p>${article.description}</p>
${date(article.published_at)}
</li>`,
  );
  const newer = pageNumber > 1 ? html`<a rel="prev" href="/?page=${pageNumber - 1}">Newer</a>` : '';
  const older = page.pagination.has_more ? html`<a rel="next" href="/?page=${pageNumber + 1}">Older</a>` : '';
  return layout(
    site,
    site.name,
    html`<h1>${site.name}</h1>
<ol class="articles">
${items}
</ol>
<nav>${newer} <span>Page ${pageNumber} of ${pageCount}</span> ${older}</nav>`,
  );
}

/** One article, its body as the service sent it. */
export function articlePage(site: SiteInfo, article: PublicArticle): string {
  // The service sanitizes article HTML on every write (an allow-list: no scripts, styles, frames,
  // forms, event handlers or javascript: URLs), so the body goes in as markup, unescaped.
  const body = trustedHtml(article.content);
  return layout(
    site,
    `${article.title} | ${site.name}`,
    html`<article lang="${article.language}">
<h1>${article.title}</h1>
${date(article.published_at)}
${body}
</article>`,
  );
}

/** The page for an unknown page number or an article that is not (or no longer) published. */
export function notFoundPage(site: SiteInfo): string {
  return layout(
    site,
    `Not found | ${site.name}`,
    html`<h1>Not found</h1><p><a href="/">All articles</a></p>`,
  );
}

/** The page shown when the article API cannot be reached or fails. */
export function unavailablePage(site: SiteInfo): string {
  return layout(
    site,
    `Unavailable | ${site.name}`,
    html`<h1>The articles are unavailable</h1><p>Please try again in a minute.</p>`,
  );
}
