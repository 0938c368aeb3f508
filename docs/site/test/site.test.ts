import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from '../build/serve.mjs';
import { launchChromium, openRecording, severeViolations } from './browser';
import { DIST, sitePages } from './site-links';

let site: { url: string; close(): Promise<void> };
let browser: Browser;
const pages = sitePages(DIST);

/**
 * The pages loaded in Chromium and checked with axe-core: one of each kind the site builds (home,
 * a guide with sample groups, one with a diagram, decisions, a README, a changelog, the API
 * overview) and a page of each language's reference, each drawn by its own tool. Every page
 * shares the theme, the sidebar and the search; the links of every page are checked in Node
 * (links.test.ts).
 */
const REPRESENTATIVE_PAGES = [
  '/index.html',
  '/docs/errors-and-retries.html',
  '/docs/webhooks.html',
  '/docs/decisions.html',
  '/packages/sdk/README.html',
  '/packages/ruby/CHANGELOG.html',
  '/api.html',
  '/reference/typescript/index.html',
  '/reference/typescript/@rankquill/sdk.html',
  '/reference/python/resources.html',
  '/reference/php/services.html',
  '/reference/ruby/resources.html',
];

beforeAll(async () => {
  site = await serveSite({ dir: DIST });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** How long a page loaded afresh may take to hydrate, when the remembered language is applied. */
const HYDRATED = { timeout: 20_000 };

/** What each tabbed sample group of the page shows, as its languages joined: `ruby` when one. */
function shownLanguages(page: Page): Promise<string[]> {
  return page.$$eval('.rq-samples', (groups) =>
    groups.map((group) =>
      [...group.querySelectorAll<HTMLElement>('.rq-sample')]
        .filter((panel) => !panel.hidden)
        .map((panel) => panel.dataset.lang)
        .join(' '),
    ),
  );
}

describe('the documentation site', () => {
  it('has the guides, the four references, the decisions, the architecture and the changelogs', () => {
    for (const page of [
      '/index.html',
      '/docs/getting-started.html',
      '/docs/webhooks.html',
      '/docs/decisions.html',
      '/docs/architecture.html',
      '/reference/typescript/index.html',
      '/reference/python/index.html',
      '/reference/php/index.html',
      '/reference/ruby/index.html',
      '/packages/python/CHANGELOG.html',
      '/packages/ruby/CHANGELOG.html',
      '/packages/php/CHANGELOG.html',
      '/changelog/typescript.html',
    ])
      expect(pages, page).toContain(page);
  });

  it('loads a page of each kind with no console error', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    for (const path of REPRESENTATIVE_PAGES) {
      expect(pages, path).toContain(path);
      const errors = await openRecording(page, `${site.url}${path}`);
      problems.push(...errors.map((error) => `${path}: console error ${error}`));
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
    await page.close();
    expect(problems).toEqual([]);
  });

  it('has no serious or critical accessibility violation on a page of each kind (axe-core)', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    for (const path of REPRESENTATIVE_PAGES) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      problems.push(...(await severeViolations(page)).map((violation) => `${path}: ${violation}`));
    }
    await page.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('shows the language chosen on one sample in every sample of the page, and on the next pages', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/docs/errors-and-retries.html`, { waitUntil: 'load' });
    expect(await shownLanguages(page)).toEqual(['ts', 'ts', 'ts']);
    await page.locator('.rq-tab[data-lang="ruby"]').nth(1).click();
    expect(await shownLanguages(page)).toEqual(['ruby', 'ruby', 'ruby']);
    expect(await page.locator('.rq-tab[aria-selected="true"]').allTextContents()).toEqual([
      'Ruby',
      'Ruby',
      'Ruby',
    ]);

    // The next page through the sidebar (navigation inside the app), then one loaded afresh.
    await page.locator('.VPSidebar a[href$="/docs/pagination.html"]').click();
    await page.waitForURL(/pagination\.html$/);
    await expect.poll(() => shownLanguages(page), HYDRATED).toEqual(['ruby', 'ruby', 'ruby']);
    await page.goto(`${site.url}/docs/webhooks.html`, { waitUntil: 'load' });
    await expect.poll(() => shownLanguages(page), HYDRATED).toEqual(['ruby', 'ruby', 'ruby']);

    // Arrow keys move along a tab list, as in any tab list; the choice goes to every group.
    await page.locator('.rq-tab[data-lang="ruby"]').first().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await shownLanguages(page)).toEqual(['php', 'php', 'php']);
    await context.close();
  });

  it('finds a method by its name in the reference of each language, offline', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // No request may leave the site: the search index is one of its files.
    await page.route('**/*', (route) =>
      route.request().url().startsWith(site.url) ? route.continue() : route.abort(),
    );
    const search = async (query: string) => {
      await page.goto(`${site.url}/index.html`, { waitUntil: 'load' });
      await page.locator('.VPNavBarSearch button').click();
      await page.locator('#localsearch-input').fill(query);
      await page.locator('#localsearch-list a').first().waitFor();
      return page.$$eval('#localsearch-list a', (links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      );
    };
    const camel = await search('createAndWait');
    expect(
      camel.some((href) => href.startsWith('/reference/typescript/')),
      camel.join('\n'),
    ).toBe(true);
    expect(
      camel.some((href) => href.startsWith('/reference/php/')),
      camel.join('\n'),
    ).toBe(true);
    const snake = await search('create_and_wait');
    expect(
      snake.some((href) => href.startsWith('/reference/python/')),
      snake.join('\n'),
    ).toBe(true);
    expect(
      snake.some((href) => href.startsWith('/reference/ruby/')),
      snake.join('\n'),
    ).toBe(true);
    await context.close();
  });

  it('draws the diagrams at build time: the delivery timeline, the content states, the test clock', async () => {
    const page = await browser.newPage();
    for (const [path, text] of [
      ['/docs/webhooks.html', '+36 min'],
      ['/docs/getting-started.html', 'generating'],
      ['/docs/testing.html', 'advance'],
    ] as const) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      const diagram = page.locator('.rq-diagram svg');
      expect(await diagram.count(), path).toBe(1);
      expect(await diagram.textContent(), path).toContain(text);
    }
    // No diagram library is shipped: the pictures are in the HTML.
    expect(pages.every((path) => !path.includes('mermaid'))).toBe(true);
    await page.close();
  });
});
