import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  ArticlePage,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  type PublicArticleListItem,
  PublicArticles,
  PublicArticlesError,
} from '../src/index';
import { errorOf } from './support/error-of';
import { describeEachTarget } from './support/targets';

describeEachTarget('PublicArticles', (target) => {
  const client = () =>
    new PublicArticles({ apiKey: target().demo.public_api_key, baseURL: target().contentApiURL });

  it('lists one page with articles and pagination, newest first', async () => {
    const page = await client().list({ limit: 2 });
    expect(page).toBeInstanceOf(ArticlePage);
    expect(page.articles).toHaveLength(2);
    expect(page.pagination).toEqual({ limit: 2, offset: 0, count: 2, total: 3, has_more: true });
    const [first, second] = page.articles;
    expect(Date.parse(first?.published_at ?? '')).toBeGreaterThan(Date.parse(second?.published_at ?? ''));
    expect(first).not.toHaveProperty('content');
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['description', 'id', 'language', 'published_at', 'title', 'updated_at'].sort(),
    );
  });

  it('walks every article across pages with for await', async () => {
    const seen: PublicArticleListItem[] = [];
    for await (const article of client().list({ limit: 1 })) seen.push(article);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((article) => article.id)).size).toBe(3);

    const pages: ArticlePage[] = [];
    for await (const page of (await client().list({ limit: 2 })).iterPages()) pages.push(page);
    expect(pages.map((page) => page.articles.length)).toEqual([2, 1]);

    const page = await client().list({ limit: 2 });
    const next = await page.getNextPage();
    expect(next.pagination).toMatchObject({ offset: 2, count: 1, has_more: false });
    await expect(next.getNextPage()).rejects.toThrow(/last page/);
  });

  it('retrieves one article with its HTML body', async () => {
    const [listed] = (await client().list({ limit: 1 })).articles;
    const article = await client().retrieve(listed?.id ?? '');
    expect(article).toMatchObject({ id: listed?.id, title: listed?.title });
    expect(article.content).toMatch(/^<|<p>/);
  });

  it('throws NotFoundError with the spec message for an unknown id', async () => {
    const error = await client().retrieve('cnt_missing').catch(errorOf);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, message: 'Article not found or not published' });
  });

  it('throws AuthenticationError with the spec message for an unknown key', async () => {
    const articles = new PublicArticles({ apiKey: 'rqp_unknown', baseURL: target().contentApiURL });
    const error = await articles.list().catch(errorOf);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('throws BadRequestError naming the parameter and range', async () => {
    const error = await client().list({ limit: 101 }).catch(errorOf);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(/limit.*1.*100/);
    const offsetError = await client().list({ offset: -1 }).catch(errorOf);
    expect(offsetError).toBeInstanceOf(BadRequestError);
    expect(offsetError.message).toMatch(/offset/);
  });
});

describe('PublicArticles without a target', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('sends the missing-key 401 message of the spec when the header is absent', async () => {
    const server = createServer((req, res) => {
      const missing = req.headers['x-service-key'] === undefined;
      res.writeHead(missing ? 401 : 500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success: false,
          error: missing ? 'API key required. Pass via X-Service-Key header.' : 'Internal server error',
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public-article-api`;
    try {
      const withoutHeader = new PublicArticles({
        apiKey: 'k',
        baseURL: url,
        fetch: (input, init) => {
          const request = new Request(input, init);
          request.headers.delete('x-service-key');
          return fetch(request);
        },
      });
      const missing = await withoutHeader.list().catch(errorOf);
      expect(missing).toBeInstanceOf(AuthenticationError);
      expect(missing.message).toBe('API key required. Pass via X-Service-Key header.');

      const failing = new PublicArticles({ apiKey: 'k', baseURL: url, maxRetries: 1 });
      const internal = await failing.retrieve('cnt_1').catch(errorOf);
      expect(internal).toBeInstanceOf(InternalServerError);
      expect(internal).toMatchObject({ status: 500, message: 'Internal server error' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('throws connection and timeout errors', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const slow = new PublicArticles({
        apiKey: 'k',
        baseURL: `http://127.0.0.1:${port}/`,
        timeout: 50,
        maxRetries: 0,
      });
      await expect(slow.list()).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    const closed = new PublicArticles({ apiKey: 'k', baseURL: `http://127.0.0.1:${port}/`, maxRetries: 0 });
    const error = await closed.list().catch(errorOf);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('refuses to run in a browser unless dangerouslyAllowBrowser is set', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const options = { apiKey: 'k', baseURL: 'https://site.example.test/public-article-api' };
    expect(() => new PublicArticles(options)).toThrow(PublicArticlesError);
    expect(() => new PublicArticles(options)).toThrow(/must stay on the server/);
    expect(new PublicArticles({ ...options, dangerouslyAllowBrowser: true }).baseURL).toBe(options.baseURL);
  });

  it('reads the key and address from the environment and explains what is missing', () => {
    vi.stubEnv('RANKQUILL_PUBLIC_API_KEY', 'rqp_env');
    vi.stubEnv('RANKQUILL_CONTENT_API_URL', 'https://site.example.test/public-article-api/');
    expect(new PublicArticles().baseURL).toBe('https://site.example.test/public-article-api');
    vi.stubEnv('RANKQUILL_PUBLIC_API_KEY', '');
    expect(() => new PublicArticles()).toThrow(/RANKQUILL_PUBLIC_API_KEY/);
    expect(() => new PublicArticles({ apiKey: 'k', baseURL: 'nope' })).toThrow(/not an absolute URL/);
  });
});
