import { ContentExport } from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byColumn, parseCsv } from '../../support/csv';
import { startTestServer, type TestServer } from '../../support/test-server';
import { openExportProject, TRICKY_MARKDOWN, TRICKY_TITLE } from './export-project';

let server: TestServer;
let key: string;
let projectId: string;
let projectPath: (suffix?: string) => string;
let tricky: { id: string; title: string };
let articleIds: string[];

beforeAll(async () => {
  ({ server, key, projectId, projectPath, tricky, articleIds } = await openExportProject());
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
