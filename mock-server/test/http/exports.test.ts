import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiVisibilityExport, BulkExport, BulkExportDocument, ContentExport } from '@rankquill/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../src/runtime/server';
import { readPdfText } from '../support/pdf-text';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let key: string;
let projectId: string;
let tricky: { id: string; title: string };
let articleIds: string[];

const TRICKY_TITLE = 'Commas, "quotes" and\nnew lines';
const TRICKY_HTML =
  '<h2>Brewing ratio</h2><p>Use <strong>1:8</strong> &amp; <a href="https://example.com/ratio">stir</a>, then wait.</p><ul><li>Coarse grind</li><li>Cold water</li></ul>';
const TRICKY_MARKDOWN =
  '## Brewing ratio\n\nUse **1:8** & [stir](https://example.com/ratio), then wait.\n\n- Coarse grind\n- Cold water\n';

const projectPath = (suffix = '') => `/v1/projects/${projectId}${suffix}`;

async function generate(keyword: string, autoPublish = false): Promise<string> {
  const created = await server.call('POST', projectPath('/content'), {
    key,
    body: { keyword, length: 300, auto_publish: autoPublish },
  });
  expect(created.status).toBe(202);
  return created.body.id;
}

/** Parses CSV as RFC 4180 writes it: quoted fields may hold commas, doubled quotes, CR and LF; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (char === '\n' || char === '\r') {
      throw new Error(`a bare line break outside quotes at ${i}`);
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('the last record does not end in CRLF');
  return records;
}

function byColumn(records: string[][]): Array<Record<string, string>> {
  const [header = [], ...rows] = records;
  return rows.map((row) => {
    expect(row).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']));
  });
}

async function download(url: string) {
  // No Authorization header: the signed URL is the credential.
  const response = await fetch(url);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function readyExport(body: Record<string, unknown>): Promise<BulkExport> {
  const created = await server.call('POST', projectPath('/export'), { key, body });
  expect(created.status).toBe(202);
  await server.advance(0);
  const ready = await server.call('GET', projectPath(`/exports/${created.body.id}`), { key });
  expect(ready.body.status).toBe('ready');
  return BulkExport.parse(ready.body);
}

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
  const project = await server.call('POST', '/v1/projects', {
    key,
    body: { name: 'Export Co', domain: 'export.example' },
  });
  projectId = project.body.id;
  const first = await generate('cold brew ratio');
  const second = await generate('pour over kettle', true);
  const third = await generate('grinder burrs');
  await server.advance(60);
  const edited = await server.call('PUT', projectPath(`/content/${first}`), {
    key,
    body: {
      title: TRICKY_TITLE,
      content: TRICKY_HTML,
      meta_description: '=HYPERLINK("https://evil.example")',
      keywords: ['cold brew, ratio', '"strong" coffee'],
    },
  });
  expect(edited.status).toBe(200);
  // Still generating (length 300 takes 35 s), so it is left out of every export.
  await generate('created after the others');
  tricky = { id: first, title: TRICKY_TITLE };
  articleIds = [first, second, third];
});
afterAll(() => server.close());

describe('GET /v1/projects/:id/content/export', () => {
  it('streams CSV per RFC 4180 with CRLF, quoting and a guard against formulas', async () => {
    const response = await fetch(`${server.url}${projectPath('/content/export?format=csv')}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="export-co-content-2026-01-01.csv"',
    );
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('2000');
    expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const text = await response.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);

    const records = parseCsv(text);
    expect(records[0]).toEqual([
      'id',
      'title',
      'slug',
      'status',
      'keyword',
      'meta_title',
      'meta_description',
      'keywords',
      'featured_image',
      'content',
      'content_text',
      'created_at',
      'updated_at',
      'published_at',
    ]);
    const rows = byColumn(records);
    expect(rows.map((row) => row.id)).toEqual(articleIds);
    const row = rows[0] as Record<string, string>;
    expect(row).toMatchObject({
      title: TRICKY_TITLE,
      status: 'draft',
      keyword: 'cold brew ratio',
      meta_description: `'=HYPERLINK("https://evil.example")`,
      keywords: 'cold brew, ratio; "strong" coffee',
      published_at: '',
    });
    expect(row.content).toContain('<h2>Brewing ratio</h2>');
    expect(row.content_text).toContain('Brewing ratio\n\nUse 1:8 & stir, then wait.');
    expect(rows[1]).toMatchObject({ status: 'published', keyword: 'pour over kettle' });
    expect(rows[1]?.published_at).toMatch(/^2026-01-01T/);
  });

  it('streams one JSON document with the fields of spec 2.2, oldest first', async () => {
    const answer = await server.call('GET', projectPath('/content/export?format=json'), { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="export-co-content-2026-01-01.json"',
    );
    const document = ContentExport.parse(answer.body);
    expect(document.project).toEqual({ id: projectId, name: 'Export Co', domain: 'export.example' });
    expect(document.articles.map((article) => article.id)).toEqual(articleIds);
    const article = document.articles[0];
    expect(Object.keys(article ?? {}).sort()).toEqual(
      [
        'content',
        'content_text',
        'created_at',
        'featured_image',
        'id',
        'keyword',
        'keywords',
        'meta_description',
        'meta_title',
        'published_at',
        'slug',
        'status',
        'title',
        'updated_at',
      ].sort(),
    );
    expect(article).toMatchObject({
      title: TRICKY_TITLE,
      keywords: ['cold brew, ratio', '"strong" coffee'],
      meta_description: '=HYPERLINK("https://evil.example")',
    });
    const item = await server.call('GET', projectPath(`/content/${tricky.id}`), { key });
    expect(article?.content).toBe(item.body.content);
    expect(article?.featured_image).toBe(item.body.featured_image);
  });

  it('converts each article to Markdown under its title and metadata', async () => {
    const answer = await server.call('GET', projectPath('/content/export?format=markdown'), { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8; variant=GFM');
    expect(answer.headers.get('content-disposition')).toContain('filename="export-co-content-2026-01-01.md"');
    const articles = answer.text.split('\n---\n\n');
    expect(articles).toHaveLength(3);
    const first = articles[0] as string;
    // The line break inside the title becomes a space, so every article starts with a `#` heading.
    expect(first.startsWith('# Commas, "quotes" and new lines\n\n- Slug: ')).toBe(true);
    expect(first).toContain('- Status: draft\n');
    expect(first).toContain('- Target keyword: cold brew ratio\n');
    expect(first.endsWith(TRICKY_MARKDOWN)).toBe(true);
    expect(articles[1]).toMatch(/^# .+\n\n- Slug: [a-z0-9-]+\n- Status: published\n/);
    expect(articles[1]).toMatch(/\n- Featured image: <https:\/\/export\.example\/images\/[a-z0-9-]+\.jpg>\n/);
  });

  it('exports an article written with 250-deep nesting in Markdown at once (it took 26 s)', async () => {
    const fresh = await startTestServer();
    try {
      const demo = fresh.demo;
      const list = await fresh.call('GET', `/v1/projects/${demo.project_id}/content?status=published`, {
        key: demo.api_key,
      });
      const deep = `${'<em>'.repeat(250)}deep${'</em>'.repeat(250)}`;
      const put = await fresh.call('PUT', `/v1/projects/${demo.project_id}/content/${list.body.data[0].id}`, {
        key: demo.api_key,
        body: { content: deep },
      });
      expect(put.status).toBe(200);
      const started = performance.now();
      const answer = await fresh.call(
        'GET',
        `/v1/projects/${demo.project_id}/content/export?format=markdown`,
        {
          key: demo.api_key,
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('\n\n_deep_\n');
      // The bench holds the 50 ms goal; this only guards against the old blow-up.
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await fresh.close();
    }
  });

  it('writes one HTML document with an escaped header per article and the stored body', async () => {
    const answer = await server.call('GET', projectPath('/content/export?format=html'), { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(answer.text).toContain('<h1>Commas, &quot;quotes&quot; and\nnew lines</h1>');
    expect(answer.text).toContain(
      '<dt>Meta description</dt><dd>=HYPERLINK(&quot;https://evil.example&quot;)</dd>',
    );
    expect(answer.text).toContain(`<article id="${tricky.id}" data-status="draft">`);
    expect(answer.text).toContain('<h2>Brewing ratio</h2>');
    expect(answer.text.match(/<article /g)).toHaveLength(3);
    expect(answer.text.endsWith('</body>\n</html>\n')).toBe(true);
  });

  it('answers 400 naming `format` and the formats there are, for an unknown or missing format', async () => {
    const unknown = await server.call('GET', projectPath('/content/export?format=xml'), { key });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(unknown.body.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'format',
      message: '`format` must be one of: json, csv, html, markdown.',
    });
    const missing = await server.call('GET', projectPath('/content/export'), { key });
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('format');
    expect(missing.body.error.message).toContain('json, csv, html, markdown');
  });

  it("answers 404 for another account's project and 401 without a key", async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const answer = await server.call('GET', projectPath('/content/export?format=csv'), {
      key: other.body.api_key,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error.type).toBe('not_found_error');
    const anonymous = await server.call('GET', projectPath('/content/export?format=csv'));
    expect(anonymous.status).toBe(401);
  });
});

describe('an export in one format at a path of its own', () => {
  it.each([
    ['/content/export.json', '/content/export?format=json', 'application/json'],
    ['/content/export.csv', '/content/export?format=csv', 'text/csv'],
    ['/content/export.html', '/content/export?format=html', 'text/html'],
    ['/content/export.md', '/content/export?format=markdown', 'text/markdown'],
    ['/keywords/export.csv', '/keywords/export?format=csv', 'text/csv'],
    ['/ai-visibility/export.json', '/ai-visibility/export?format=json', 'application/json'],
  ])('%s serves the bytes of %s', async (own, spec, mediaType) => {
    const get = (path: string) =>
      fetch(`${server.url}${projectPath(path)}`, { headers: { authorization: `Bearer ${key}` } });
    const [byPath, byQuery] = await Promise.all([get(own), get(spec)]);
    expect(byPath.status).toBe(200);
    expect(byPath.headers.get('content-type')?.startsWith(mediaType)).toBe(true);
    expect(byPath.headers.get('content-type')).toBe(byQuery.headers.get('content-type'));
    expect(byPath.headers.get('content-disposition')).toBe(byQuery.headers.get('content-disposition'));
    expect(await byPath.text()).toBe(await byQuery.text());
  });

  it('reads the dot as a dot: `exportXcsv` names no route', async () => {
    const answer = await server.call('GET', projectPath('/content/exportXcsv'), { key });
    expect(answer.status).toBe(404);
  });
});

describe('GET /v1/projects/:id/ai-visibility/export', () => {
  const demoPath = (suffix: string) => `/v1/projects/${server.demo.project_id}${suffix}`;

  it('streams topics, prompts, every response, the score with its platform breakdown and daily figures', async () => {
    const answer = await server.call('GET', demoPath('/ai-visibility/export?format=json'), { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="northwind-coffee-ai-visibility-2026-01-01.json"',
    );
    const document = AiVisibilityExport.parse(answer.body);
    expect(document.project.id).toBe(server.demo.project_id);
    expect(document.topics.map((topic) => topic.name)).toEqual(['Home brewing', 'Coffee beans']);
    expect(document.prompts).toHaveLength(4);
    // More answers than one page of the service's iterator: all of them arrive, once each.
    const listed = await server.call('GET', demoPath('/ai-visibility/responses?limit=1'), { key });
    expect(listed.body.pagination.total).toBeGreaterThan(100);
    expect(document.responses).toHaveLength(listed.body.pagination.total);
    expect(new Set(document.responses.map((response) => response.id)).size).toBe(document.responses.length);

    const score = await server.call('GET', demoPath('/ai-visibility'), { key });
    expect(document.visibility).toEqual(score.body);
    expect(document.visibility.platforms.map((platform) => platform.platform)).toEqual([
      'chatgpt',
      'perplexity',
      'gemini',
      'claude',
      'google_ai_overviews',
    ]);
    expect(document.daily).toHaveLength(30);
    expect(document.daily.at(-1)?.date).toBe('2026-01-01');
  });

  it('answers 400 naming `format` for a format it does not offer', async () => {
    const answer = await server.call('GET', demoPath('/ai-visibility/export?format=csv'), { key });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ param: 'format', message: '`format` must be one of: json.' });
  });
});

describe('GET /v1/projects/:id/keywords/export', () => {
  it('streams the columns of spec 2.3, one row per tracked keyword', async () => {
    const demoPath = `/v1/projects/${server.demo.project_id}`;
    const answer = await server.call('GET', `${demoPath}/keywords/export?format=csv`, { key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="northwind-coffee-keywords-2026-01-01.csv"',
    );
    const rows = byColumn(parseCsv(answer.text));
    const listed = await server.call('GET', `${demoPath}/keywords?limit=100`, { key });
    expect(rows.length).toBe(listed.body.pagination.total);
    expect(rows.length).toBeGreaterThan(0);
    const byKeyword = new Map(
      listed.body.data.map((keyword: { keyword: string }) => [keyword.keyword, keyword]),
    );
    for (const row of rows) {
      const keyword = byKeyword.get(row.keyword) as Record<string, number | null>;
      expect(row).toEqual({
        keyword: row.keyword,
        volume: String(keyword.volume),
        position: keyword.position === null ? '' : String(keyword.position),
        position_change: keyword.change === null ? '' : String(keyword.change),
        impressions: String(keyword.impressions),
        clicks: String(keyword.clicks),
        opportunity_score: String(keyword.opportunity_score),
      });
    }
    const wrong = await server.call('GET', `${demoPath}/keywords/export?format=json`, { key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.param).toBe('format');
  });
});

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

/**
 * Makes a ready bulk export of the demo project on a server with a SQLite file, stops it, and
 * hands the export and a second server on the same file (started with `restart`) to `check`.
 */
async function acrossRestart(
  body: Record<string, unknown>,
  restart: ServerOptions,
  check: (ready: BulkExport, second: TestServer, first: { bytes: Uint8Array }) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-exports-'));
  const db = join(dir, 'mock.db');
  try {
    const first = await startTestServer({ db });
    const path = `/v1/projects/${first.demo.project_id}`;
    const created = await first.call('POST', `${path}/export`, { key: first.demo.api_key, body });
    await first.advance(0);
    const ready = BulkExport.parse(
      (await first.call('GET', `${path}/exports/${created.body.id}`, { key: first.demo.api_key })).body,
    );
    const before = await download(ready.download_url ?? '');
    expect(before.response.status).toBe(200);
    await first.close();
    const second = await startTestServer({ db, ...restart });
    try {
      await check(ready, second, before);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('bulk exports on the SQLite store', () => {
  it('keep their file across a restart: the same signed URL serves the same bytes', async () => {
    const types = ['content', 'keywords', 'ai-visibility'];
    await acrossRestart({ types, format: 'json' }, {}, async (ready, second, before) => {
      const url = new URL(ready.download_url ?? '');
      const after = await download(`${second.url}${url.pathname}${url.search}`);
      expect(after.response.status).toBe(200);
      expect(after.bytes).toEqual(before.bytes);
      expect(JSON.parse(new TextDecoder().decode(after.bytes)).ai_visibility.topics).toHaveLength(2);
    });
  });
});

describe('download URLs under a signing secret of their own', () => {
  it('refuse a URL signed with the seed-derived key, and serve the URLs the server now gives', async () => {
    const secret = { exportSigningSecret: 'a long random secret of this deployment' };
    await acrossRestart({ types: ['content'], format: 'json' }, secret, async (seedSigned, second) => {
      const old = new URL(seedSigned.download_url ?? '');
      const refused = await second.call('GET', `${old.pathname}${old.search}`);
      expect(refused.status).toBe(401);
      expect(refused.body.error.param).toBe('signature');
      const current = BulkExport.parse(
        (
          await second.call('GET', `/v1/projects/${second.demo.project_id}/exports/${seedSigned.id}`, {
            key: second.demo.api_key,
          })
        ).body,
      );
      const signature = (url: string | null) => new URL(url ?? '').searchParams.get('signature');
      expect(signature(current.download_url)).not.toBe(signature(seedSigned.download_url));
      expect((await download(current.download_url ?? '')).response.status).toBe(200);
    });
  });
});

describe('bulk exports on the real clock', () => {
  it('become ready in the background within seconds, with no clock to move', async () => {
    const live = await startTestServer({ clock: 'real' });
    try {
      const path = `/v1/projects/${live.demo.project_id}`;
      const created = await live.call('POST', `${path}/export`, {
        key: live.demo.api_key,
        body: { types: ['content'], format: 'json' },
      });
      expect(created.status).toBe(202);
      let status = created.body.status;
      const deadline = Date.now() + 10_000;
      while (status !== 'ready' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await live.call('GET', `${path}/exports/${created.body.id}`, { key: live.demo.api_key }))
          .body.status;
      }
      expect(status).toBe('ready');
    } finally {
      await live.close();
    }
  });
});
