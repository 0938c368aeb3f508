import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../../support/cli-process';
import { expectAccessible, launchChromium, navigate, screenshot } from './chromium';

/** Every page at 375 CSS pixels, the width of a small phone: nothing wider than the screen. */

let server: CliProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startCli(['--port', '0', '--db', ':memory:', '--clock', 'manual']),
    launchChromium(),
  ]);
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the dashboard at 375 px', () => {
  it('fits every page in the width of the screen, and stays accessible', async () => {
    const base = server.ready.url;
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('Main API key').fill(server.ready.demo.api_key);
    await navigate(page, page.getByRole('button', { name: 'Sign in' }));
    const project = `${base}/projects/${server.ready.demo.project_id}`;
    await page.goto(`${project}/content`);
    const item = await page.locator('table a').first().getAttribute('href');
    await page.goto(`${project}/keywords`);
    const keyword = await page.locator('table a').first().getAttribute('href');
    const pages: [string, string][] = [
      ['projects', `${base}/`],
      ['overview', project],
      ['content', `${project}/content`],
      ['content-item', `${base}${item}`],
      ['integrations', `${project}/integrations`],
      ['activity', `${project}/activity`],
      ['keywords', `${project}/keywords`],
      ['keyword-history', `${base}${keyword}`],
      ['ai-visibility', `${project}/ai-visibility`],
      ['reports', `${project}/reports`],
      ['clock', `${base}/clock`],
      ['requests', `${base}/requests`],
    ];
    for (const [name, url] of pages) {
      await page.goto(url);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect(widths.page, `${name} is wider than the screen`).toBeLessThanOrEqual(widths.screen);
      await screenshot(page, `narrow-${name}`);
      await expectAccessible(page, `${name} at 375 px`);
    }
  });
});
