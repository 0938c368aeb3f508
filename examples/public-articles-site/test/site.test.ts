import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@rankquill/mock-server';
import { PublicArticles } from '@rankquill/public-articles';
import Rankquill from '@rankquill/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/html';
import { createSite } from '../src/site';

// The reference server's demo project holds three published articles, a draft and one article
// still generating.
let service: RunningServer;
let site: Server;
let siteUrl: string;

async function get(path: string): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(`${siteUrl}${path}`);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function mainApi(): Rankquill {
  return new Rankquill({ apiKey: service.demo.api_key, baseURL: service.apiBaseUrl });
}

async function publishedIds(): Promise<string[]> {
  const page = await mainApi().content.list(service.demo.project_id, { status: 'published' });
  return page.data.map((item) => item.id);
}

beforeAll(async () => {
  service = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 5 });
  const articles = new PublicArticles({
    apiKey: service.demo.public_api_key,
    baseURL: service.contentApiUrl,
    maxRetries: 0,
  });
  site = createServer(createSite({ articles, name: 'Northwind <Journal>', pageSize: 2 }));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await fetch(`${service.url}/__admin/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await service.close();
});

describe('public articles site', () => {
  it('lists the published articles newest first, a page at a time', async () => {
    const ids = await publishedIds();
    const first = await get('/');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect([...first.body.matchAll(/href="\/articles\/(\w+)"/g)].map((match) => match[1])).toEqual(
      ids.slice(0, 2),
    );
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('href="/?page=2"');
    expect(first.body).not.toContain('rel="prev"');

    const second = await get('/?page=2');
    expect([...second.body.matchAll(/href="\/articles\/(\w+)"/g)].map((match) => match[1])).toEqual(
      ids.slice(2),
    );
    expect(second.body).toContain('href="/?page=1"');
    expect(second.body).not.toContain('rel="next"');
  });

  it('shows an article with the HTML body the service sent', async () => {
    const [id] = await publishedIds();
    const article = await mainApi().content.retrieve(service.demo.project_id, id ?? '');
    const page = await get(`/articles/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h1>${escapeHtml(article.title ?? '')}</h1>`);
    expect(page.body).toContain(article.content ?? 'no body');
  });

  it('escapes every text it renders, and blocks scripts with its content security policy', async () => {
    const [id] = await publishedIds();
    const title = '<script>alert("title")</script> & <b>friends</b>';
    await mainApi().content.update(service.demo.project_id, id ?? '', { title });
    const escaped = '&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; &amp; &lt;b&gt;friends&lt;/b&gt;';

    const list = await get('/');
    expect(list.body).toContain(escaped);
    expect(list.body).toContain('Northwind &lt;Journal&gt;');
    const page = await get(`/articles/${id}`);
    expect(page.body).toContain(`<h1>${escaped}</h1>`);
    expect(page.body).toContain(`<title>${escaped} | Northwind &lt;Journal&gt;</title>`);
    for (const body of [list.body, page.body]) expect(body).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'",
    );
  });

  it('gets article bodies already sanitized by the service, and inserts them as they are', async () => {
    const [id] = await publishedIds();
    await mainApi().content.update(service.demo.project_id, id ?? '', {
      content: '<p onclick="steal()">Kept</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
    });
    const page = await get(`/articles/${id}`);
    expect(page.body).toContain('Kept</p>');
    expect(page.body).not.toMatch(/<script|onclick|javascript:/);
  });

  it('answers 404 for an unknown, unpublished or malformed article and for pages past the end', async () => {
    const drafts = await mainApi().content.list(service.demo.project_id, { status: 'draft' });
    for (const path of [
      '/articles/cnt_unknown',
      `/articles/${drafts.data[0]?.id}`,
      '/articles/%E0%A4%A',
      '/?page=3',
      '/?page=0',
      '/?page=two',
      '/feed',
    ]) {
      const page = await get(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.body).toContain('<h1>Not found</h1>');
    }
  });

  it('answers 503 when the article API cannot be reached', async () => {
    const articles = new PublicArticles({
      apiKey: 'rqp_x',
      baseURL: 'http://127.0.0.1:1/public-article-api',
      maxRetries: 0,
    });
    const down = createServer(createSite({ articles, name: 'Down' }));
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('The articles are unavailable');
    } finally {
      await new Promise((resolve) => down.close(resolve));
    }
  });

  it('runs as a plain Node process', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      env: {
        ...process.env,
        RANKQUILL_PUBLIC_API_KEY: service.demo.public_api_key,
        RANKQUILL_CONTENT_API_URL: service.contentApiUrl,
        PORT: '0',
        SITE_NAME: 'Live',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening on (\S+)/.exec(chunk.toString());
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`site exited with ${code}`)));
      });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect((await response.text()).match(/href="\/articles\//g)).toHaveLength(3);
    } finally {
      child.kill();
    }
  });
});
