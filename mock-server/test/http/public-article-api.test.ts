import { PUBLIC_ARTICLE_ERRORS, PublicArticleListResponse, PublicArticleResponse } from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let key: string;
let projectId: string;
let serviceKey: string;
const published: string[] = [];
let draftId: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
  const project = await server.call('POST', '/v1/projects', {
    key,
    body: { name: 'Public Co', domain: 'public.example', language: 'nl' },
  });
  projectId = project.body.id;
  serviceKey = project.body.public_api_key;
  for (let i = 0; i < 13; i++) {
    const created = await server.call('POST', `/v1/projects/${projectId}/content`, {
      key,
      body: { keyword: `topic number ${i}`, length: 300, auto_publish: i !== 12 },
    });
    await server.advance(60);
    if (i === 12) draftId = created.body.id;
    else published.push(created.body.id);
  }
});
afterAll(() => server.close());

const get = (query: string, headers: Record<string, string> = { 'x-service-key': serviceKey }) =>
  server.call('GET', `/public-article-api${query}`, { headers });

describe('public article API', () => {
  it('lists published articles newest first, 10 by default, without bodies', async () => {
    const answer = await get('');
    expect(answer.status).toBe(200);
    expect(PublicArticleListResponse.parse(answer.body)).toBeTruthy();
    expect(answer.body.articles).toHaveLength(10);
    expect(answer.body.articles.map((a: { id: string }) => a.id)).toEqual(
      [...published].reverse().slice(0, 10),
    );
    expect(answer.body.pagination).toEqual({ limit: 10, offset: 0, count: 10, total: 12, has_more: true });
    const first = answer.body.articles[0];
    expect(Object.keys(first).sort()).toEqual([
      'description',
      'id',
      'language',
      'published_at',
      'title',
      'updated_at',
    ]);
    expect(first.language).toBe('nl');
  });

  it('pages with limit and offset until has_more is false', async () => {
    const last = await get('?limit=5&offset=10');
    expect(last.body.pagination).toEqual({ limit: 5, offset: 10, count: 2, total: 12, has_more: false });
    const beyond = await get('?offset=50');
    expect(beyond.body.articles).toEqual([]);
    expect(beyond.body.pagination.has_more).toBe(false);
  });

  it('returns a single article with its HTML content', async () => {
    const answer = await get(`?id=${published[0]}`);
    expect(answer.status).toBe(200);
    expect(PublicArticleResponse.parse(answer.body)).toBeTruthy();
    expect(answer.body.article.id).toBe(published[0]);
    expect(answer.body.article.content).toContain('<h2');
    expect(answer.body).not.toHaveProperty('pagination');
  });

  it('ignores the range of limit and offset on the single-article call, not their syntax', async () => {
    expect((await get(`?id=${published[0]}&limit=500&offset=400`)).status).toBe(200);
    expect((await get(`?id=${published[0]}&limit=1e1`)).status).toBe(400);
  });

  it.each([
    ['?limit=0', 'limit must be an integer from 1 to 100'],
    ['?limit=101', 'limit must be an integer from 1 to 100'],
    ['?limit=ten', 'limit must be an integer written in decimal digits, such as limit=10; got "ten".'],
    ['?offset=-1', 'offset must be an integer from 0 to 9007199254740991'],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: message });
  });

  it('answers the messages of spec 7 word for word', async () => {
    const missing = await get('', {});
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      success: false,
      error: 'API key required. Pass via X-Service-Key header.',
    });

    const invalid = await get('', { 'x-service-key': 'rqp_nope' });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ success: false, error: 'Invalid API key' });

    for (const id of ['cnt_doesnotexist', draftId, published[0]]) {
      const otherKey = id === published[0] ? server.demo.public_api_key : serviceKey;
      const answer = await get(`?id=${id}`, { 'x-service-key': otherKey });
      expect(answer.status, id).toBe(404);
      expect(answer.body).toEqual({ success: false, error: 'Article not found or not published' });
    }
  });

  it('stops listing an article once it is unpublished', async () => {
    const target = published[published.length - 1];
    await server.call('POST', `/v1/projects/${projectId}/content/${target}/unpublish`, { key });
    const list = await get('?limit=100');
    expect(list.body.pagination.total).toBe(11);
    expect(list.body.articles.map((a: { id: string }) => a.id)).not.toContain(target);
    await server.call('POST', `/v1/projects/${projectId}/content/${target}/publish`, { key });
    expect((await get('?limit=1')).body.articles[0].id).toBe(target);
  });

  it('carries X-Request-Id on every answer, errors included', async () => {
    for (const answer of [await get(''), await get('', {}), await get('?limit=0')]) {
      expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    }
  });

  it('keeps the spec message constants', () => {
    expect(PUBLIC_ARTICLE_ERRORS).toEqual({
      keyMissing: 'API key required. Pass via X-Service-Key header.',
      keyInvalid: 'Invalid API key',
      notFound: 'Article not found or not published',
      internal: 'Internal server error',
    });
  });
});
