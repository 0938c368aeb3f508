import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../../support/cli-process';
import {
  ARTIFACTS_DIR,
  expectAccessible,
  launchChromium,
  navigate,
  screenshot,
  textOf,
  waitForText,
} from './chromium';
import { type PageMeasure, PageMeter } from './page-meter';

const RECEIVER_SECRET = 'dashboard-flow-secret';

let server: CliProcess;
let receiver: CliProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Pages met along the flow, by name; measured cold at the end. */
const visited = new Map<string, string>();
const screenshots: string[] = [];

beforeAll(async () => {
  [server, receiver, browser] = await Promise.all([
    startCli(['--port', '0', '--db', ':memory:', '--clock', 'manual']),
    startCli(['--secret', RECEIVER_SECRET], 'receive'),
    launchChromium(),
  ]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), receiver?.stop()]);
});

const base = () => server.ready.url;
const go = (control: Locator) => navigate(page, control);
const tab = (name: string) => page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name });
const status = () => textOf(page.getByRole('status'));
const firstBadge = () => textOf(page.locator('main .badge'));

/** Screenshots the page, runs axe on it, and remembers it for the measurements. */
async function checkPage(name: string): Promise<void> {
  screenshots.push(await screenshot(page, name));
  await expectAccessible(page, name);
  visited.set(name, page.url());
}

async function moveClock(amount: string, unit: 'seconds' | 'minutes' | 'hours' | 'days') {
  await page.goto(`${base()}/clock`);
  await page.getByLabel('By').fill(amount);
  await page.getByLabel('Unit').selectOption(unit);
  await go(page.getByRole('button', { name: 'Move the clock' }));
  expect(await status()).toContain('The clock moved');
}

describe('the dashboard in a real browser', () => {
  it('refuses a wrong key with a clear message, then signs in with the demo key', async () => {
    await page.goto(`${base()}/`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await checkPage('sign-in');
    await page.getByLabel('Main API key').fill('rq_test_not_a_real_key');
    await go(page.getByRole('button', { name: 'Sign in' }));
    expect(await textOf(page.getByRole('alert'))).toContain('That key was not accepted');
    await checkPage('sign-in-refused');
    await page.getByLabel('Main API key').fill(server.ready.demo.api_key);
    await go(page.getByRole('button', { name: 'Sign in' }));
    expect(await textOf(page.locator('h1'))).toBe('Projects');
    await checkPage('projects');
    await go(page.getByRole('link', { name: 'Northwind Coffee' }));
    expect(await textOf(page.locator('h1'))).toBe('Northwind Coffee');
    await checkPage('overview');
  });

  it('creates content and shows it finish on the manual clock after advancing, then publishes it', async () => {
    await go(tab('Content'));
    await checkPage('content');
    await page.getByText('Generate an article').click();
    await page.getByLabel('Target keyword').fill('french press grind size');
    await page.getByLabel('Length in words').fill('300');
    await go(page.getByRole('button', { name: 'Generate' }));
    // 300 words take 20 + 300/20 = 35 s on the server clock, which starts at 2026-01-01T00:00:00Z.
    expect(await textOf(page.locator('main'))).toContain('finishes at 2026-01-01 00:00:35 UTC (in 35 s)');
    expect(await firstBadge()).toBe('generating');
    await checkPage('content-generating');
    const itemUrl = page.url();

    await moveClock('1', 'minutes');
    await checkPage('clock');
    await page.goto(itemUrl);
    expect(await firstBadge()).toBe('draft');
    expect(await textOf(page.frameLocator('iframe.article').locator('h1'))).not.toBe('');
    await checkPage('content-draft');
    // A full-page capture leaves the sandboxed frame (another process) blank; this one shows it.
    screenshots.push(await screenshot(page, 'content-article', page.locator('iframe.article')));

    await go(page.getByRole('button', { name: 'Publish', exact: true }));
    expect(await status()).toContain('is published');
    expect(await firstBadge()).toBe('published');
  });

  it('sets a webhook to a real receiver, shows its signing secret once, presses Test and shows what the receiver answered', async () => {
    await go(tab('Integrations'));
    const { webhook_url } = receiver.ready as unknown as { webhook_url: string };
    await page.getByLabel('URL').fill(webhook_url);
    await page.getByLabel('Secret').fill(RECEIVER_SECRET);
    await go(page.getByRole('button', { name: 'Save webhook' }));
    expect(await status()).toContain('Webhook saved');
    const secret = /Signing secret: (whsec_\S+)/.exec(await textOf(page.locator('main')))?.[1];
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await checkPage('integrations-signing-secret');
    await page.reload();
    expect(await textOf(page.locator('main'))).not.toContain(secret);

    await page.getByLabel('Receivers need the new one within 24 hours').check();
    await go(page.getByRole('button', { name: 'Replace signing secret' }));
    const rotated = /New signing secret: (whsec_\S+)/.exec(await textOf(page.locator('main')))?.[1];
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    await go(page.getByRole('button', { name: 'Send test delivery' }));
    // The attempt is made in the background; the page reloads itself until it has the answer.
    await waitForText(page.locator('#test h3'), 'What the receiver answered');
    const result = await textOf(page.locator('#test'));
    expect(result).toMatch(/Status\s+200/);
    expect(result).toContain('"success":true');
    expect(result).toContain('/en/resources/blog/rankquill-webhook-test');
    await checkPage('integrations-test');
  });

  it('marks a delivery failed in the activity feed when the receiver is gone and the clock passes the retries, then redelivers it', async () => {
    await receiver.stop();
    await page.goto(visited.get('content-draft') ?? '');
    await go(page.getByRole('button', { name: 'Unpublish' }));
    expect(await status()).toContain('back to draft');
    // Attempts at +0, +1, +6 and +36 minutes all meet a closed port.
    await moveClock('40', 'minutes');
    await page.goto(`${visited.get('overview')}/activity`);
    const failed = await textOf(page.locator('tr.failed'));
    expect(failed).toContain('failed after 4 attempts');
    expect(failed).toContain('content.unpublished');
    await checkPage('activity-failed');

    // The receiver comes back on its port; Redeliver sends the failed delivery again.
    const { webhook_url } = receiver.ready as unknown as { webhook_url: string };
    receiver = await startCli(['--secret', RECEIVER_SECRET, '--port', new URL(webhook_url).port], 'receive');
    await go(tab('Integrations'));
    const row = page.locator('#deliveries tr', { hasText: 'content.unpublished' }).first();
    expect(await textOf(row)).toContain('failed');
    await checkPage('integrations-deliveries');
    await go(row.getByRole('button', { name: 'Redeliver' }));
    expect(await status()).toContain('is sent again');
    await waitForText(
      page.locator('#deliveries tr', { hasText: 'content.unpublished' }).first(),
      'succeeded',
    );
    expect(
      await textOf(page.locator('#deliveries tr', { hasText: 'content.unpublished' }).first()),
    ).toContain('5 attempts, last 200');
  });

  it('shows keywords with position and change, and a rank-history chart drawn without script', async () => {
    await go(tab('Keywords'));
    expect(await textOf(page.locator('table'))).toContain('cold brew ratio');
    await checkPage('keywords');
    await go(page.getByRole('link', { name: 'cold brew ratio' }));
    const chart = page.getByRole('img', { name: /Rank history of “cold brew ratio”/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await chart.locator('circle').count()).toBeGreaterThan(20);
    await checkPage('keyword-history');
  });

  it('shows the AI visibility score, a chart per platform and recent mentions', async () => {
    await go(tab('AI visibility'));
    const chart = page.getByRole('img', { name: /Visibility score by AI platform/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await chart.locator('rect').count()).toBe(5);
    expect(await textOf(page.getByRole('heading', { name: 'Recent mentions' }))).toBe('Recent mentions');
    await checkPage('ai-visibility');
  });

  it('exports a PDF report for a date range, shows its progress and downloads it', async () => {
    await go(tab('Reports'));
    await checkPage('reports');
    await page.getByLabel('PDF report').check();
    await page.getByLabel('From (UTC day)').fill('2025-12-01');
    await page.getByLabel('To (UTC day)').fill('2026-01-01');
    await go(page.getByRole('button', { name: 'Export' }));
    expect(['pending', 'processing', 'ready']).toContain(await firstBadge());
    // Made in the background on either clock; the page reloads itself until it is ready.
    await waitForText(page.locator('main .badge').first(), 'ready');
    await checkPage('report-ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = `${ARTIFACTS_DIR}report.pdf`;
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('measures every page: bytes over the wire with a cold cache and the first contentful paint', async () => {
    const meterPage = await context.newPage();
    const meter = await PageMeter.attach(meterPage);
    const measures: PageMeasure[] = [];
    for (const [name, url] of visited) {
      if (name.startsWith('sign-in')) continue;
      measures.push(await meter.measure(name, url));
    }
    await meterPage.close();
    writeFileSync(
      `${ARTIFACTS_DIR}page-weight.json`,
      `${JSON.stringify({ screenshots, measures }, null, 2)}\n`,
    );
    for (const measure of measures) {
      expect(measure.document_bytes, measure.page).toBeGreaterThan(0);
      expect(measure.total_bytes, measure.page).toBeLessThan(100_000);
      expect(measure.first_contentful_paint_ms, measure.page).not.toBeNull();
    }
  });

  it('signs out: the session ends and pages ask to sign in again', async () => {
    await page.goto(`${base()}/`);
    await go(page.getByRole('button', { name: 'Sign out' }));
    expect(await status()).toContain('You are signed out');
    expect((await context.cookies()).filter((cookie) => cookie.name.includes('rq_session'))).toEqual([]);
    await page.goto(visited.get('overview') ?? '');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });
});
