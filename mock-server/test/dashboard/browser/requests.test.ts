import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../../support/cli-process';
import { expectAccessible, launchChromium, navigate, screenshot, textOf } from './chromium';

/** The Requests page in Chromium: the journal of the signed-in account and its faults. */

let server: CliProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startCli(['--port', '0', '--db', ':memory:', '--clock', 'manual']),
    launchChromium(),
  ]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.ready.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, id: response.headers.get('x-request-id'), body: await response.json() };
}

describe('the Requests page in a real browser', () => {
  it('shows what the account sent, each body a click away, and removes a fault with its button', async () => {
    const { api_key: key, project_id: projectId, public_api_key: publicKey } = server.ready.demo;
    const bearer = { authorization: `Bearer ${key}` };
    const fault = (
      await call('/__admin/faults', {
        method: 'POST',
        body: { operation: 'content.create', api_key: key, status: 503 },
      })
    ).body;
    const failed = await call(`/v1/projects/${projectId}/content`, {
      method: 'POST',
      body: { keyword: 'browser journal', notes: `my key ${key}` },
      headers: { ...bearer, 'idempotency-key': 'browser-1' },
    });
    expect(failed.status).toBe(503);
    const lasting = (
      await call('/__admin/faults', {
        method: 'POST',
        body: { operation: 'projects.list', api_key: key, delay_ms: 5, times: null },
      })
    ).body;

    await page.goto(`${server.ready.url}/sign-in`);
    await page.getByLabel('Main API key').fill(key);
    await navigate(page, page.getByRole('button', { name: 'Sign in' }));
    await navigate(
      page,
      page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Requests' }),
    );
    expect(await textOf(page.locator('h1'))).toBe('Requests');

    const journal = page.getByRole('region', { name: 'Requests' });
    const row = journal.locator('tr', { hasText: failed.id ?? 'missing' });
    expect(await textOf(row)).toContain('503');
    expect(await textOf(row)).toContain(fault.id);
    const body = row.locator('pre');
    expect(await body.isVisible()).toBe(false);
    await row.locator('summary').click();
    expect(await textOf(body)).toContain('"keyword": "browser journal"');
    expect(await textOf(body)).toContain('my key rq_test_…');
    await screenshot(page, 'requests');
    await expectAccessible(page, 'requests');
    const shown = await page.content();
    for (const secret of [key, publicKey]) expect(shown).not.toContain(secret.slice(0, 9));

    const faults = page.getByRole('region', { name: 'Active faults' });
    expect(await textOf(faults)).toContain(lasting.id);
    await navigate(page, faults.getByRole('button', { name: `Remove fault ${lasting.id}` }));
    expect(await textOf(page.getByRole('status'))).toContain(`Fault ${lasting.id} removed.`);
    expect(
      await textOf(
        page.getByRole('region', { name: 'Active faults' }).or(page.locator('#faults-heading + p')),
      ),
    ).toContain('No fault is active');
    expect((await call('/__admin/faults')).body.data).toEqual([]);
  });
});
