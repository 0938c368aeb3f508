import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ReferenceReceiver, startReferenceReceiver } from '../src/reference-receiver';
import { createSignatureHeaders } from '../src/signature';
import type { StoredArticle } from '../src/stores/article-store';
import { post, rawRequestStatus } from './helpers/http';
import { type DeliveryCase, deliveries, replayVectors } from './helpers/vectors';

const byId = (id: string): DeliveryCase => {
  const found = deliveries.cases.find((delivery) => delivery.id === id);
  if (!found) throw new Error(`no vector ${id}`);
  return found;
};
const { secret } = deliveries.receiver;
const signingSecret = deliveries.receiver.signing_secret as string;
const now = () => byId('published-full').now * 1000;

const directory = mkdtempSync(join(tmpdir(), 'rankquill-reference-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let server: ReferenceReceiver | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startReferenceReceiver', () => {
  it('stores a delivery, serves its page at the returned URL and lists it', async () => {
    const lines: string[] = [];
    server = await startReferenceReceiver({ secret, now, log: (line) => lines.push(line) });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const answer = await post(server.url, byId('published-full'));
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, url: '/en/resources/blog/how-to-brew-pour-over-coffee' },
    });

    const page = await fetch(`${server.url}${(answer.body as { url: string }).url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    );
    const html = await page.text();
    expect(html).toContain('<h1>How to Brew Pour-Over Coffee at Home</h1>');
    expect(html).toContain(
      '<h2>What you need</h2><p>A dripper, a paper filter and freshly ground beans.</p>',
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Pour-Over Coffee at Home: A Step-by-Step Guide</title>');
    expect(html).toContain('<img src="https://cdn.rankquill.example/images/pour-over.jpg" alt="">');

    const list = await fetch(`${server.url}/articles`);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    const { articles } = (await list.json()) as { articles: Array<Record<string, unknown>> };
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({
      slug: 'how-to-brew-pour-over-coffee',
      url: '/en/resources/blog/how-to-brew-pour-over-coffee',
      received_at: '2026-01-01T09:30:00.000Z',
    });

    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: '2026-01-01T09:30:00.000Z',
        event: 'content.published',
        delivery: byId('published-full').request.headers['x-service-delivery'],
        status: 200,
        success: true,
        url: '/en/resources/blog/how-to-brew-pour-over-coffee',
      },
    ]);
  });

  it('logs one JSON line per delivery, rejected ones included', async () => {
    const lines: string[] = [];
    server = await startReferenceReceiver({ secret, now, log: (line) => lines.push(line) });
    for (const id of ['wrong-secret', 'missing-title', 'keyword-ranking-changed'])
      await post(server.url, byId(id));
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    expect(
      lines.map((line) => JSON.parse(line) as { event: string; status: number; error?: string }),
    ).toMatchObject([
      { event: 'content.published', status: 401, error: expect.stringContaining('x-service-key') },
      { event: 'content.published', status: 400, error: expect.stringContaining('title') },
      { event: 'keyword.ranking_changed', status: 200, url: '' },
    ]);
  });

  it('escapes the title and other text fields of the page', async () => {
    server = await startReferenceReceiver({ secret, now });
    const body = JSON.stringify({
      title: '<script>alert("t")</script> & more',
      slug: 'escaped',
      content: '<p>Body from the service</p>',
      meta_description: '"><script>',
      author: '<b>Eve</b>',
      featured_image: 'javascript:alert(1)',
      canonical_url: 'https://example.com/a?b="c"',
    });
    const headers = {
      'content-type': 'application/json',
      'x-service-key': secret,
      ...(await createSignatureHeaders({ signingSecret, id: 'dlv_xss', body, now })),
    };
    const answer = await fetch(`${server.url}/webhook`, { method: 'POST', headers, body });
    expect(answer.status).toBe(200);
    const html = await (await fetch(`${server.url}/en/resources/blog/escaped`)).text();
    expect(html).toContain('<h1>&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; more</h1>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<meta name="description" content="&quot;&gt;&lt;script&gt;">');
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<link rel="canonical" href="https://example.com/a?b=&quot;c&quot;">');
  });

  it('removes the page on content.deleted and answers 404 for unknown pages', async () => {
    server = await startReferenceReceiver({ secret, now });
    await post(server.url, byId('published-full'));
    expect((await fetch(`${server.url}/en/resources/blog/how-to-brew-pour-over-coffee`)).status).toBe(200);
    expect((await fetch(`${server.url}/fr/resources/blog/how-to-brew-pour-over-coffee`)).status).toBe(404);
    expect((await post(server.url, byId('deleted-removes'))).status).toBe(200);
    const gone = await fetch(`${server.url}/en/resources/blog/how-to-brew-pour-over-coffee`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      error: expect.stringContaining('/<language>/resources/blog/<slug>'),
    });
    expect(await (await fetch(`${server.url}/articles`)).json()).toEqual({ articles: [] });
  });

  it('serves unicode slugs and languages from their encoded URL', async () => {
    server = await startReferenceReceiver({ secret });
    const body = JSON.stringify({
      title: 'Kaffee',
      slug: 'kaffee-größen',
      content: '<p>Große Tasse</p>',
      language: 'de',
    });
    const answer = await fetch(`${server.url}/webhook`, {
      method: 'POST',
      headers: { 'x-service-key': secret },
      body,
    });
    const { url } = (await answer.json()) as { url: string };
    expect(url).toBe('/de/resources/blog/kaffee-gr%C3%B6%C3%9Fen');
    const page = await fetch(`${server.url}${url}`);
    expect(await page.text()).toContain('<p>Große Tasse</p>');
  });

  it('keeps articles in dbPath across restarts', async () => {
    const dbPath = join(directory, 'reference.db');
    server = await startReferenceReceiver({ secret, now, dbPath });
    await post(server.url, byId('published-unicode-fr'));
    await server.close();
    server = await startReferenceReceiver({ secret, now, dbPath });
    const page = await fetch(`${server.url}/fr/resources/blog/cafe-creme-guide-complet`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Café crème : le guide complet ☕</h1>');
  });

  it('answers 405 to writes outside /webhook', async () => {
    server = await startReferenceReceiver({ secret });
    expect((await fetch(`${server.url}/articles`, { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('sanitizes content before storing it and again before rendering it', async () => {
    server = await startReferenceReceiver({ secret, now });
    const hostile =
      '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/"><p onclick="steal()">Kept<script>steal()</script></p><img src="x" onerror="steal()"><form action="https://evil.example/"><button>Go</button></form><a href="javascript:steal()">link</a>';
    const body = JSON.stringify({ title: 'Hostile', slug: 'hostile', content: hostile });
    const answer = await fetch(`${server.url}/webhook`, {
      method: 'POST',
      headers: { 'x-service-key': secret },
      body,
    });
    expect(answer.status).toBe(200);
    const { articles } = (await (await fetch(`${server.url}/articles`)).json()) as {
      articles: Array<{ content: string }>;
    };
    expect(articles[0]?.content).toBe('<p>Kept</p><img src="x" /><a>link</a>');

    // A store filled some other way (an older receiver, an import) is sanitized when rendered.
    await server.store.upsert({ ...(articles[0] as StoredArticle), slug: 'imported', content: hostile });
    const page = await (await fetch(`${server.url}/en/resources/blog/imported`)).text();
    for (const fragment of [
      'http-equiv',
      '<base',
      'onclick',
      '<script',
      'onerror',
      '<form',
      'javascript:',
      'steal()',
    ])
      expect(page, fragment).not.toContain(fragment);
    expect(page).toContain('<p>Kept</p><img src="x" /><a>link</a>');
  });

  it('answers 400, not 500, to a malformed percent escape in a page address', async () => {
    server = await startReferenceReceiver({ secret, now });
    for (const path of ['/%E0%A4%A/resources/blog/x', '/en/resources/blog/%', '/en/resources/blog/%zz']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        error: `Malformed percent escape in ${path}: encode the language and slug with encodeURIComponent.`,
      });
    }
    expect(await rawRequestStatus(server.url, 'GET //[ HTTP/1.1\r\nHost: receiver\r\n\r\n')).toBe(400);
  });

  it('without a signing secret takes x-service-key alone; with one it refuses a signature keyed by x-service-key', async () => {
    server = await startReferenceReceiver({ secret, now });
    expect((await post(server.url, byId('spec-sender-without-signing-secret'))).status).toBe(200);
    expect((await post(server.url, byId('signed-with-service-key'))).status).toBe(200);
    await server.close();
    server = await startReferenceReceiver({ secret, signingSecret, now });
    expect((await post(server.url, byId('spec-sender-without-signing-secret'))).status).toBe(401);
    const forged = await post(server.url, byId('signed-with-service-key'));
    expect(forged).toMatchObject({
      status: 401,
      body: { error: expect.stringContaining('webhook-signature') },
    });
    expect((await post(server.url, byId('published-full'))).status).toBe(200);
  });

  it.each([
    ['in memory', undefined],
    ['in SQLite', 'replays.db'],
  ])('publish A, publish B, replay A over HTTP leaves B (%s)', async (_store, file) => {
    const scenario = replayVectors.scenarios.find((each) => each.id === 'replay-after-newer-version');
    if (!scenario) throw new Error('scenario replay-after-newer-version is missing');
    let clock = 0;
    server = await startReferenceReceiver({
      secret: replayVectors.receiver.secret,
      signingSecret: replayVectors.receiver.signing_secret ?? undefined,
      now: () => clock * 1000,
      dbPath: file === undefined ? undefined : join(directory, file),
    });
    for (const step of scenario.steps) {
      clock = step.now;
      const answer = await post(server.url, { request: step.request } as DeliveryCase);
      expect({ status: answer.status, body: answer.body }).toEqual(step.expected);
    }
    const page = await fetch(`${server.url}/en/resources/blog/cold-brew`);
    expect(await page.text()).toContain('<h1>Cold Brew, take B</h1>');
  });
});
