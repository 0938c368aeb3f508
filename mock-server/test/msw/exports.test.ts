import { BulkExport } from '@rankquill/contract';
import { unzipSync } from 'fflate';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, type RankquillHandlers } from '../../src/msw/index';

let mock: RankquillHandlers;
const server = setupServer();

beforeAll(async () => {
  mock = await createHandlers({ seed: 7, baseURL: 'https://mock.rankquill.test/api/v1' });
  server.use(...mock.handlers);
  // Every request of these tests must reach the handlers.
  server.listen({ onUnhandledFrame: ({ defaults }) => defaults.error() });
});
afterAll(() => server.close());

const auth = () => ({ authorization: `Bearer ${mock.demo.api_key}` });

describe('exports through the MSW handlers', () => {
  it('streams a content export as a ReadableStream, chunk by chunk', async () => {
    const response = await fetch(
      `${mock.baseURL}/projects/${mock.demo.project_id}/content/export?format=csv`,
      {
        headers: auth(),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="northwind-coffee-content-2026-01-01.csv"',
    );
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body stream');
    const decoder = new TextDecoder();
    let text = '';
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(1);
    expect(text.startsWith('id,title,slug,status,keyword,')).toBe(true);
    // The demo project's three published articles and its draft; the one still generating is left out.
    expect(text.match(/\r\ncnt_/g)).toHaveLength(4);
  });

  it('runs a bulk export on the manual clock and serves its download URL under the handlers base URL', async () => {
    const created = await fetch(`${mock.baseURL}/projects/${mock.demo.project_id}/export`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ types: ['content', 'keywords'], format: 'csv' }),
    });
    expect(created.status).toBe(202);
    const { id } = BulkExport.parse(await created.json());
    await mock.advance(0);
    const ready = BulkExport.parse(
      await (
        await fetch(`${mock.baseURL}/projects/${mock.demo.project_id}/exports/${id}`, { headers: auth() })
      ).json(),
    );
    expect(ready.status).toBe('ready');
    expect(ready.download_url?.startsWith(`${mock.baseURL}/projects/`)).toBe(true);
    const file = await fetch(ready.download_url ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['content.csv', 'keywords.csv']);
  });
});
