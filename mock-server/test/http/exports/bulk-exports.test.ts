import { BulkExport, BulkExportDocument } from '@rankquill/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byColumn, parseCsv } from '../../support/csv';
import { readPdfText } from '../../support/pdf-text';
import type { TestServer } from '../../support/test-server';
import { download, openExportProject } from './export-project';

let server: TestServer;
let key: string;
let projectId: string;
let projectPath: (suffix?: string) => string;
let articleIds: string[];

beforeAll(async () => {
  ({ server, key, projectId, projectPath, articleIds } = await openExportProject());
});
afterAll(() => server.close());

async function readyExport(body: Record<string, unknown>): Promise<BulkExport> {
  const created = await server.call('POST', projectPath('/export'), { key, body });
  expect(created.status).toBe(202);
  await server.advance(0);
  const ready = await server.call('GET', projectPath(`/exports/${created.body.id}`), { key });
  expect(ready.body.status).toBe('ready');
  return BulkExport.parse(ready.body);
}

describe('bulk exports', () => {
  it('moves pending -> ready in the background, at once on the manual clock, and serves a JSON document by its signed URL without a key', async () => {
    const created = await server.call('POST', projectPath('/export'), {
      key,
      body: { types: ['keywords', 'content', 'content'], format: 'json' },
    });
    expect(created.status).toBe(202);
    const started = BulkExport.parse(created.body);
    expect(started).toMatchObject({
      project_id: projectId,
      status: 'pending',
      types: ['content', 'keywords'],
      format: 'json',
      date_range: null,
      filename: 'export-co-export-2026-01-01.json',
      download_url: null,
      size_bytes: null,
    });
    expect(started.id).toMatch(/^exp_/);

    // No advance: work a request makes due now runs at once, in the export lane.
    let current = await server.call('GET', projectPath(`/exports/${started.id}`), { key });
    for (let i = 0; i < 100 && current.body.status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      current = await server.call('GET', projectPath(`/exports/${started.id}`), { key });
    }
    const ready = BulkExport.parse(current.body);
    expect(ready.status).toBe('ready');
    expect(
      ready.download_url?.startsWith(`${server.url}${projectPath(`/exports/${started.id}/download?`)}`),
    ).toBe(true);
    expect(Date.parse(ready.download_url_expires_at ?? '') - Date.parse(ready.completed_at ?? '')).toBe(
      3600_000,
    );
    expect(Date.parse(ready.expires_at ?? '') - Date.parse(ready.completed_at ?? '')).toBe(24 * 3600_000);

    const { response, bytes } = await download(ready.download_url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="export-co-export-2026-01-01.json"',
    );
    expect(bytes.byteLength).toBe(ready.size_bytes);
    const document = JSON.parse(new TextDecoder().decode(bytes));
    // The document's schema of this answer, strictly: every field the file holds is declared.
    BulkExportDocument.strict().parse(document);
    expect(document).toMatchObject({ object: 'bulk_export', id: started.id, types: ['content', 'keywords'] });
    expect(document.content.articles.map((article: { id: string }) => article.id)).toEqual(articleIds);
    expect(Array.isArray(document.keywords.keywords)).toBe(true);
  });

  it('serves a ZIP of one CSV per type, the same CSV as the streamed export', async () => {
    const ready = await readyExport({ types: ['content', 'keywords'], format: 'csv' });
    expect(ready.filename).toBe('export-co-export-2026-01-01.zip');
    const { response, bytes } = await download(ready.download_url ?? '');
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['content.csv', 'keywords.csv']);
    const live = await server.call('GET', projectPath('/content/export?format=csv'), { key });
    expect(new TextDecoder().decode(files['content.csv'])).toBe(live.text);
    const keywords = parseCsv(new TextDecoder().decode(files['keywords.csv']));
    expect(keywords[0]).toEqual([
      'keyword',
      'volume',
      'position',
      'position_change',
      'impressions',
      'clicks',
      'opportunity_score',
    ]);
  });

  it('puts AI visibility in the ZIP as five CSV files and in the JSON document as one section', async () => {
    const range = { from: '2025-12-25', to: '2026-01-01' };
    const created = await server.call('POST', `/v1/projects/${server.demo.project_id}/export`, {
      key,
      body: { types: ['ai-visibility'], format: 'csv', date_range: range },
    });
    await server.advance(0);
    const ready = BulkExport.parse(
      (await server.call('GET', `/v1/projects/${server.demo.project_id}/exports/${created.body.id}`, { key }))
        .body,
    );
    expect(ready.filename).toBe('northwind-coffee-export-2026-01-01.zip');
    const files = unzipSync((await download(ready.download_url ?? '')).bytes);
    expect(Object.keys(files).sort()).toEqual([
      'ai-visibility-daily.csv',
      'ai-visibility-platforms.csv',
      'ai-visibility-prompts.csv',
      'ai-visibility-responses.csv',
      'ai-visibility-topics.csv',
    ]);
    const responses = byColumn(parseCsv(new TextDecoder().decode(files['ai-visibility-responses.csv'])));
    const listed = await server.call(
      'GET',
      `/v1/projects/${server.demo.project_id}/ai-visibility/responses?limit=1&from=${range.from}&to=${range.to}`,
      { key },
    );
    expect(responses).toHaveLength(listed.body.pagination.total);
    expect(responses.every((row) => (row.date ?? '') >= range.from && (row.date ?? '') <= range.to)).toBe(
      true,
    );
    const platforms = byColumn(parseCsv(new TextDecoder().decode(files['ai-visibility-platforms.csv'])));
    expect(platforms.map((row) => row.platform)).toEqual([
      'all',
      'chatgpt',
      'perplexity',
      'gemini',
      'claude',
      'google_ai_overviews',
    ]);
    const daily = byColumn(parseCsv(new TextDecoder().decode(files['ai-visibility-daily.csv'])));
    expect(daily.map((row) => row.date)).toHaveLength(8);

    const json = await server.call('POST', `/v1/projects/${server.demo.project_id}/export`, {
      key,
      body: { types: ['ai-visibility'], format: 'json', date_range: range },
    });
    await server.advance(0);
    const document = (
      await download(
        (
          await server.call('GET', `/v1/projects/${server.demo.project_id}/exports/${json.body.id}`, { key })
        ).body.download_url,
      )
    ).bytes;
    const section = JSON.parse(new TextDecoder().decode(document)).ai_visibility;
    expect(section.visibility.period).toEqual({ ...range, days: 8 });
    expect(section.responses).toHaveLength(responses.length);
    expect(section.topics).toHaveLength(2);
  });

  it('serves a PDF report that a reader opens', async () => {
    const ready = await readyExport({
      types: ['content', 'keywords', 'ai-visibility'],
      format: 'pdf',
      date_range: { from: '2026-01-01', to: '2026-01-01' },
    });
    const { response, bytes } = await download(ready.download_url ?? '');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pages = await readPdfText(bytes);
    const text = pages.map((page) => page.text).join(' ');
    expect(text).toContain('Export Co');
    expect(text).toContain('export.example');
    for (const section of ['Content', 'Recently published', 'AI visibility', 'By platform', 'Keywords']) {
      expect(text).toContain(section);
    }
    // The three articles of the period are listed by title.
    expect(text).toContain('Pour Over Kettle');
  });

  it('limits content to the date range, by creation day (UTC)', async () => {
    const before = await readyExport({
      types: ['content'],
      format: 'json',
      date_range: { from: '2025-12-01', to: '2025-12-31' },
    });
    const { bytes } = await download(before.download_url ?? '');
    expect(JSON.parse(new TextDecoder().decode(bytes)).content.articles).toEqual([]);
    const sameDay = await readyExport({
      types: ['content'],
      format: 'json',
      date_range: { from: '2026-01-01', to: '2026-01-01' },
    });
    const again = await download(sameDay.download_url ?? '');
    expect(JSON.parse(new TextDecoder().decode(again.bytes)).content.articles).toHaveLength(3);
  });

  it('refuses an expired link (401 naming `expires`) and a forged one (401 naming `signature`)', async () => {
    const ready = await readyExport({ types: ['content'], format: 'json' });
    const url = new URL(ready.download_url ?? '');

    const forged = new URL(url);
    const signature = url.searchParams.get('signature') ?? '';
    forged.searchParams.set(
      'signature',
      `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    );
    const bad = await server.call('GET', `${forged.pathname}${forged.search}`);
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ type: 'authentication_error', param: 'signature' });

    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await server.call('GET', `${later.pathname}${later.search}`)).body.error.param).toBe('signature');

    const incomplete = await server.call('GET', url.pathname);
    expect(incomplete.status).toBe(401);
    expect(incomplete.body.error.param).toBe('expires');

    const otherExport = url.pathname.replace(ready.id, 'exp_0000000000000');
    expect((await server.call('GET', `${otherExport}${url.search}`)).status).toBe(401);

    await server.advance(3600);
    const expired = await server.call('GET', `${url.pathname}${url.search}`);
    expect(expired.status).toBe(401);
    expect(expired.body.error.param).toBe('expires');
    expect(expired.body.error.message).toContain('GET /v1/projects/');

    // A fresh URL from the API works again until the file itself expires.
    const fresh = BulkExport.parse(
      (await server.call('GET', projectPath(`/exports/${ready.id}`), { key })).body,
    );
    expect(fresh.download_url).not.toBe(ready.download_url);
    expect((await download(fresh.download_url ?? '')).response.status).toBe(200);

    await server.advance(24 * 3600);
    const gone = BulkExport.parse(
      (await server.call('GET', projectPath(`/exports/${ready.id}`), { key })).body,
    );
    expect(gone).toMatchObject({ status: 'expired', download_url: null });
  });

  it('validates the request and names the field of each mistake', async () => {
    const mistakes: Array<[unknown, string]> = [
      [{ format: 'json' }, 'types'],
      [{ types: [], format: 'json' }, 'types'],
      [{ types: ['orders'], format: 'json' }, 'types.0'],
      [{ types: ['content'] }, 'format'],
      [{ types: ['content'], format: 'xlsx' }, 'format'],
      [{ types: ['content'], format: 'json', date_range: { from: '2026-02-01' } }, 'date_range.to'],
      [
        { types: ['content'], format: 'json', date_range: { from: '2026-13-01', to: '2026-12-31' } },
        'date_range.from',
      ],
      [
        { types: ['content'], format: 'json', date_range: { from: '2026-02-01', to: '2026-01-31' } },
        'date_range.to',
      ],
      [{ types: ['content'], format: 'json', date_range: '2026-01' }, 'date_range'],
      [
        { types: ['ai-visibility'], format: 'json', date_range: { from: '2024-01-01', to: '2025-12-31' } },
        'date_range',
      ],
    ];
    for (const [body, param] of mistakes) {
      const answer = await server.call('POST', projectPath('/export'), { key, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.param, JSON.stringify(body)).toBe(param);
    }
    const unknownFormat = await server.call('POST', projectPath('/export'), {
      key,
      body: { types: ['content'], format: 'xlsx' },
    });
    expect(unknownFormat.body.error.message).toBe('`format` must be one of: json, csv, pdf.');
  });

  it("answers 404 for an unknown export and another account's export", async () => {
    const ready = await readyExport({ types: ['content'], format: 'json' });
    const unknown = await server.call('GET', projectPath('/exports/exp_0000000000000'), { key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.param).toBe('exportId');
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const foreign = await server.call('GET', projectPath(`/exports/${ready.id}`), {
      key: other.body.api_key,
    });
    expect(foreign.status).toBe(404);
  });
});
