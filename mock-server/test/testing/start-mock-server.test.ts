import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/testing/start-mock-server';

/** The main API with a mock account's key. */
async function api<T>(mock: MockServer, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${mock.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

interface Item {
  id: string;
  status: string;
  title: string;
}

// The three tests every language's mock helper passes: one server, a fresh account per test.
describe('startMockServer', () => {
  let server: MockServer;
  let mock: MockServer;
  beforeAll(async () => {
    server = await startMockServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    mock = await server.freshAccount();
  });

  it('creates content that is a draft once the clock moves past its generation', async () => {
    const article = await api<Item>(mock, 'POST', `/projects/${mock.projectId}/content`, {
      keyword: 'cold brew',
      length: 800,
    });
    expect(article.status).toBe('generating');
    expect(await mock.advance(90)).toMatch(/^2026-01-01T00:0\d:\d\d\.000Z$/);
    expect((await api<Item>(mock, 'GET', `/projects/${mock.projectId}/content/${article.id}`)).status).toBe(
      'draft',
    );
  });

  it('lists the delivery of a publish in deliveries()', async () => {
    // Nothing listens on port 9 (discard): the attempt fails, and the delivery is listed all the same.
    await api(mock, 'PUT', `/projects/${mock.projectId}`, {
      webhook: { url: 'http://127.0.0.1:9/hook', secret: 'shh' },
    });
    const article = await api<Item>(mock, 'POST', `/projects/${mock.projectId}/content`, {
      keyword: 'french press',
      length: 400,
    });
    await mock.advance(60);
    await api(mock, 'POST', `/projects/${mock.projectId}/content/${article.id}/publish`);
    await mock.advance(0);
    expect((await mock.deliveries()).map((delivery) => delivery.event)).toContain('content.published');
    expect(await (await mock.freshAccount()).deliveries()).toEqual([]);
  });

  it('shows auto-published articles on the public article API', async () => {
    const article = await api<Item>(mock, 'POST', `/projects/${mock.projectId}/content`, {
      keyword: 'pour over',
      length: 400,
      auto_publish: true,
    });
    const publicList = async () =>
      (await (
        await fetch(mock.contentApiUrl, { headers: { 'x-service-key': mock.publicApiKey } })
      ).json()) as {
        articles: { title: string }[];
      };
    expect((await publicList()).articles).toEqual([]);
    await mock.advance(60);
    const { title } = await api<Item>(mock, 'GET', `/projects/${mock.projectId}/content/${article.id}`);
    expect((await publicList()).articles.map((item) => item.title)).toEqual([title]);
  });

  it('gives each account its own key and project on one server', async () => {
    const other = await mock.freshAccount({ name: 'Second site' });
    expect(other.url).toBe(mock.url);
    expect(other.apiKey).not.toBe(mock.apiKey);
    expect(other.baseUrl).toMatch(/\/v1$/);
    expect(other.contentApiUrl).toMatch(/\/public-article-api$/);
    const { data } = await api<{ data: { name: string }[] }>(other, 'GET', '/projects');
    expect(data.map((project) => project.name)).toEqual(['Second site']);
  });

  it('stops with close(), and with await using', async () => {
    let url: string;
    {
      await using scoped = await startMockServer({ seed: 7 });
      url = scoped.url;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    }
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
