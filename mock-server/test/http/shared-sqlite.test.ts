import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
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

async function server(db: string): Promise<TestServer> {
  const started = await startTestServer({ db });
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
});
