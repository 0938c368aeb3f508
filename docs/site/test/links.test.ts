import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, DIST, sitePages } from './site-links';

// Every page's internal links and anchors, read from the built HTML in Node: a second or two for
// the whole site, where a browser took minutes. VitePress renders every link into the HTML (no page
// of ours builds links in the browser); site.test.ts loads a set of pages in Chromium.
describe('the links of the documentation site', () => {
  it('lead to a page of the site and, with a #fragment, to an element of that page', () => {
    const { problems, checked } = brokenLinks(DIST);
    expect(problems).toEqual([]);
    // The guides, four references, decisions and changelogs: dozens of pages, hundreds of links.
    expect(sitePages(DIST).length).toBeGreaterThan(30);
    expect(checked).toBeGreaterThan(500);
  });

  it('reports a link to a missing page and one to a missing anchor', () => {
    const dist = mkdtempSync(join(tmpdir(), 'rq-site-links-'));
    try {
      mkdirSync(join(dist, 'docs'));
      writeFileSync(
        join(dist, 'index.html'),
        '<a href="/docs/a.html#there">ok</a> <a class="x" href="docs/a#gone">anchor</a>' +
          ' <a href="/docs/missing.html">page</a> <a href="https://example.com/x">out</a>',
      );
      writeFileSync(join(dist, 'docs', 'a.html'), '<h2 id="there">There</h2><a href="../">home</a>');
      expect(brokenLinks(dist)).toEqual({
        problems: [
          '/index.html: docs/a#gone leads to no anchor of /docs/a.html',
          '/index.html: /docs/missing.html leads to no page',
        ],
        checked: 4,
      });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
