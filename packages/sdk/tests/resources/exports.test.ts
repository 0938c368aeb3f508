import { expect, it } from 'vitest';
import {
  type AiVisibilityExport,
  AuthenticationError,
  BadRequestError,
  type BulkExport,
  type ContentExport,
  ExportFile,
  NotFoundError,
  RankquillError,
} from '../../src/index';
import { errorOf } from '../support/error-of';
import { describeEachTarget } from '../support/targets';

const CONTENT_COLUMNS =
  'id,title,slug,status,keyword,meta_title,meta_description,keywords,featured_image,content,content_text,created_at,updated_at,published_at';

describeEachTarget('exports', (target) => {
  it('content.export answers the file with its name and type, as text or as a stream', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const { data: file, requestId } = await client.content
      .export(projectId, { format: 'csv' })
      .withResponse();
    expect(file).toBeInstanceOf(ExportFile);
    expect(file.filename).toBe('northwind-coffee-content-2026-01-01.csv');
    expect(file.contentType).toBe('text/csv');
    expect(requestId).toMatch(/^req_/);
    const csv = await file.text();
    expect(csv.startsWith(`${CONTENT_COLUMNS}\r\n`)).toBe(true);

    const json = await client.content.export(projectId, { format: 'json' });
    const reader = json.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
    }
    const document = JSON.parse(text) as ContentExport;
    expect(document.object).toBe('content_export');
    expect(document.articles.map((article) => article.status).sort()).toEqual([
      'draft',
      'published',
      'published',
      'published',
    ]);
  });

  it('content.export throws BadRequestError naming `format` for a format the API does not offer', async () => {
    const error = await target()
      .client()
      .content.export(target().demo.project_id, { format: 'xml' as 'csv' })
      .catch(errorOf);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'format' });
  });

  it('keywords.export answers the CSV of spec 2.3', async () => {
    const file = await target().client().keywords.export(target().demo.project_id);
    expect(file.filename).toBe('northwind-coffee-keywords-2026-01-01.csv');
    const [header] = (await file.text()).split('\r\n');
    expect(header).toBe('keyword,volume,position,position_change,impressions,clicks,opportunity_score');
  });

  it('aiVisibility.export answers the JSON document of spec 2.4', async () => {
    const client = target().client();
    const file = await client.aiVisibility.export(target().demo.project_id);
    expect(file.filename).toBe('northwind-coffee-ai-visibility-2026-01-01.json');
    expect(file.contentType).toBe('application/json');
    const data = await file.json<AiVisibilityExport>();
    expect(data.object).toBe('ai_visibility_export');
    expect(data.topics.length).toBeGreaterThan(0);
    expect(data.prompts.length).toBeGreaterThan(0);
    expect(data.visibility.platforms).toHaveLength(5);
    const responses = await client.aiVisibility.responses.list(target().demo.project_id, { limit: 1 });
    expect(data.responses).toHaveLength(responses.pagination.total);
  });

  it('exports.createAndWait polls until ready (the export runs at once, on a manual clock too), and download fetches the file without the API key', async () => {
    const projectId = target().demo.project_id;
    let polls = 0;
    const sent: Request[] = [];
    const client = target().client({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.clone());
        if (request.method === 'GET') polls++;
        return fetch(request);
      },
    });
    // No advance: an export a request makes due runs at once in the background.
    const ready = await client.exports.createAndWait(
      projectId,
      { types: ['content', 'keywords'], format: 'csv' },
      { pollInterval: 10 },
    );
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(ready).toMatchObject({ status: 'ready', format: 'csv', types: ['content', 'keywords'] });
    expect(ready.download_url).toEqual(expect.any(String));

    const file = await client.exports.download(ready);
    expect(file.filename).toBe('northwind-coffee-export-2026-01-01.zip');
    expect(file.contentType).toBe('application/zip');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(bytes.byteLength).toBe(ready.size_bytes);

    const download = sent.at(-1);
    expect(download?.url).toBe(ready.download_url);
    expect(download?.headers.get('authorization')).toBeNull();
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${target().demo.api_key}`);
  });

  it('exports.download takes the download_url as a string too, and refuses an export that is not ready', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const pending = await client.exports.create(projectId, { types: ['content'], format: 'json' });
    expect(pending.status).toBe('pending');
    expect(() => client.exports.download(pending)).toThrow(RankquillError);

    await target().advance(0);
    const ready = await client.exports.retrieve(projectId, pending.id);
    const document = await (await client.exports.download(ready.download_url ?? '')).json<{
      content: { articles: unknown[] };
    }>();
    expect(document.content.articles).toHaveLength(4);
  });

  it('exports.download throws AuthenticationError for a link past its hour; a fresh retrieve gives a new one', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const started = await client.exports.create(projectId, { types: ['keywords'], format: 'json' });
    await target().advance(0);
    const ready: BulkExport = await client.exports.retrieve(projectId, started.id);
    await target().advance(3600);
    const error = await client.exports.download(ready).catch(errorOf);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.param).toBe('expires');
    const fresh = await client.exports.retrieve(projectId, started.id);
    expect((await client.exports.download(fresh)).filename).toBe('northwind-coffee-export-2026-01-01.json');
  });

  it("exports.retrieve throws NotFoundError for another account's export", async () => {
    const client = target().client();
    const started = await client.exports.create(target().demo.project_id, {
      types: ['content'],
      format: 'pdf',
    });
    const stranger = target().client({ apiKey: await target().createAccount() });
    const error = await stranger.exports.retrieve(target().demo.project_id, started.id).catch(errorOf);
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
