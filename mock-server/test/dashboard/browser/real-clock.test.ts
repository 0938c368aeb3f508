import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';
import { launchChromium, navigate, textOf } from './chromium';

/** On the real clock, a page showing work under way reloads itself: the dashboard's one script. */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock: 'real' }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('pages of work under way on the real clock', () => {
  it('reload themselves under the page policy until the work is done', async () => {
    const created = await server.call('POST', `/v1/projects/${server.demo.project_id}/content`, {
      key: server.demo.api_key,
      body: { keyword: 'moka pot pressure', length: 5000 },
    });
    const page = await browser.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Main API key').fill(server.demo.api_key);
    await navigate(page, page.getByRole('button', { name: 'Sign in' }));
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${server.url}/projects/${server.demo.project_id}/content/${created.body.id}`);
    expect(await textOf(page.getByRole('status'))).toContain('reloads itself');
    await page.waitForTimeout(4500);
    expect(loads).toBeGreaterThanOrEqual(2);
    expect(blocked).toEqual([]);
    // A finished page carries no script.
    await page.goto(`${server.url}/projects/${server.demo.project_id}`);
    expect(await page.locator('script').count()).toBe(0);
  });
});
