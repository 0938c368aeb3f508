import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built site. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Every page of a built site, as its path from the root (`/docs/pagination.html`), 404.html left out. */
export function sitePages(dist: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? entry.name === 'assets'
          ? []
          : walk(join(folder, entry.name))
        : entry.name.endsWith('.html') && entry.name !== '404.html'
          ? [`/${relative(dist, join(folder, entry.name))}`]
          : [],
    );
  return walk(dist).sort();
}

function decodeHtml(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** The ids of the elements of a built page, read from its HTML. */
export function idsOf(dist: string, page: string): Set<string> {
  const html = readFileSync(join(dist, page), 'utf8');
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => decodeHtml(match[1] ?? '')));
}

/** The `href` of every link (`<a>`) of a built page, as written in its HTML. */
export function linksOf(dist: string, page: string): string[] {
  const html = readFileSync(join(dist, page), 'utf8');
  return [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((match) => decodeHtml(match[1] ?? ''));
}

/** The page of the site a link's URL names (`/docs/x.html`), or undefined for another site. */
export function pageOf(url: URL, origin: string): string | undefined {
  if (url.origin !== origin) return undefined;
  const path = decodeURIComponent(url.pathname);
  if (path.endsWith('/')) return `${path}index.html`;
  return /\.\w+$/.test(path) ? path : `${path}.html`;
}

/**
 * Every internal link of every page of a built site that leads to no page, or to no element of
 * its page (`#fragment`), one line each; and how many internal links were checked.
 */
export function brokenLinks(dist: string): { problems: string[]; checked: number } {
  const origin = 'http://site.invalid';
  const pages = sitePages(dist);
  const known = new Set(pages);
  const ids = new Map<string, Set<string>>();
  const idsOfPage = (page: string) => ids.get(page) ?? ids.set(page, idsOf(dist, page)).get(page);
  const problems: string[] = [];
  let checked = 0;
  for (const path of pages) {
    for (const href of new Set(linksOf(dist, path))) {
      const url = new URL(href, `${origin}${path}`);
      const target = pageOf(url, origin);
      if (target === undefined || target.startsWith('/assets/')) continue;
      checked++;
      if (!known.has(target)) problems.push(`${path}: ${href} leads to no page`);
      else if (url.hash && !idsOfPage(target)?.has(decodeURIComponent(url.hash.slice(1))))
        problems.push(`${path}: ${href} leads to no anchor of ${target}`);
    }
  }
  return { problems, checked };
}
