import { describe, expect, it } from 'vitest';
import { ARTICLE_PAGE_CSP, renderArticlePage } from '../src/article-page';
import { articlePageVectors } from './helpers/vectors';

describe('article-page.json', () => {
  it('holds ARTICLE_PAGE_CSP, which runs no script', () => {
    expect(articlePageVectors.content_security_policy).toBe(ARTICLE_PAGE_CSP);
    expect(ARTICLE_PAGE_CSP).toContain("default-src 'none'");
    expect(ARTICLE_PAGE_CSP).not.toContain('script-src');
  });

  it.each(articlePageVectors.cases.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const url = `/${vector.article.language}/resources/blog/${vector.article.slug}`;
    expect(renderArticlePage({ ...vector.article, url, received_at: '2026-01-01T00:00:00.000Z' })).toBe(
      vector.html,
    );
  });

  it('writes http(s) URLs as given and drops every other', () => {
    const hrefs = articlePageVectors.cases.flatMap((vector) => [
      ...vector.html.matchAll(/<link rel="canonical" href="([^"]*)">|<img src="([^"]*)" alt="">/g),
    ]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const match of hrefs) expect(match[1] ?? match[2]).toMatch(/^https?:\/\//i);
    const dropped = articlePageVectors.cases.find((vector) => vector.article.slug === 'bad-urls');
    expect(dropped?.html).not.toContain('canonical');
    expect(dropped?.html).not.toContain('no-host');
  });
});
