import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DashboardClient } from '../dashboard/dashboard-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Two servers on one SQLite file behave as one: what they share lives in the store, not in memory.
const dir = mkdtempSync(join(tmpdir(), 'rankquill-shared-'));
let files = 0;
let open: TestServer[] = [];

afterEach(async () => {
  await Promise.all(open.map((server) => server.close()));
  open = [];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Behind one load balancer both servers have one public address, the origin of the browser's forms. */
const PUBLIC_URL = 'https://dash.example';

async function server(db: string): Promise<TestServer> {
  const started = await startTestServer({ db, publicUrl: PUBLIC_URL });
  open.push(started);
  return started;
}

async function two(): Promise<[TestServer, TestServer, string]> {
  const db = join(dir, `shared-${++files}.db`);
  const a = await server(db);
  return [a, await server(db), db];
}

describe('two servers on one SQLite file', () => {
  it("count a plan's requests together, and keep the count across a restart", async () => {
    const [a, b, db] = await two();
    const created = await a.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const key = created.body.api_key as string;
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++)
      statuses.push((await (i % 2 ? a : b).call('GET', '/v1/projects', { key })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(10).fill(429));

    await Promise.all(open.map((running) => running.close()));
    open = [];
    const restarted = await server(db);
    const refused = await restarted.call('GET', '/v1/projects', { key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it("answer the public list with the other's write at once, though it was cached", async () => {
    const [a, b] = await two();
    const { api_key: key, project_id: projectId, public_api_key: serviceKey } = a.demo;
    const list = async (server: TestServer) =>
      (
        await server.call('GET', '/public-article-api?limit=100', {
          headers: { 'x-service-key': serviceKey },
        })
      ).body;
    const before = await list(b);
    expect(await list(b)).toEqual(before);
    const [article] = before.articles as Array<{ id: string }>;
    const unpublished = await a.call('POST', `/v1/projects/${projectId}/content/${article?.id}/unpublish`, {
      key,
    });
    expect(unpublished.status).toBe(200);
    const after = await list(b);
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(after.articles.map((item: { id: string }) => item.id)).not.toContain(article?.id);
  });

  it('run the first request of an Idempotency-Key once and replay it on the other', async () => {
    const [a, b] = await two();
    const key = a.demo.api_key;
    const create = (server: TestServer) =>
      server.call('POST', '/v1/projects', {
        key,
        body: { name: 'Once', domain: 'once.example' },
        headers: { 'idempotency-key': 'shared-key' },
      });
    const first = await create(a);
    const second = await create(b);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const conflicting = await b.call('POST', '/v1/projects', {
      key,
      body: { name: 'Other', domain: 'other.example' },
      headers: { 'idempotency-key': 'shared-key' },
    });
    expect(conflicting.status).toBe(409);
  });

  it('share dashboard sessions: a browser signed in through one is signed in on the other, with its messages, until it signs out', async () => {
    const [a, b] = await two();
    const throughA = new DashboardClient(a);
    const through = (server: TestServer) => {
      const client = new DashboardClient(server);
      client.cookie = throughA.cookie;
      client.token = throughA.token;
      return client;
    };
    const origin = { origin: PUBLIC_URL };
    expect((await throughA.post('/sign-in', { api_key: a.demo.api_key }, origin)).status).toBe(303);
    const page = await through(b).get('/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Sign out');
    throughA.token = /name="csrf_token" value="([^"]+)"/.exec(page.html)?.[1] ?? '';

    // A form sent through one server; the page after it, with its message, through the other.
    const keywords = `/projects/${a.demo.project_id}/keywords`;
    const sent = await throughA.post(keywords, { keyword: 'shared session keyword' }, origin);
    expect(sent.status).toBe(303);
    const after = await through(b).get(keywords);
    expect(after.html).toContain('shared session keyword');
    expect(after.html).toMatch(/flash-success/);
    expect((await through(a).get(keywords)).html).not.toMatch(/flash-success/);

    expect((await through(b).post('/sign-out', {}, origin)).status).toBe(303);
    expect((await through(a).get('/')).headers.get('location')).toBe('/sign-in');
  });
});
