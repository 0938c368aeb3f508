import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';
import { freshDatabase } from '../support/postgres-database';
import {
  type RecordedRequest,
  type RecordingReceiver,
  startRecordingReceiver,
} from '../support/recording-receiver';

// Two `serve` processes on one PostgreSQL database, on the real clock, as behind a load balancer.
const SECRET = 'rq_whsec_instances';
/** Short, so that a killed server's claim runs out within the test. */
const LEASE_SECONDS = '2';

const running: CliProcess[] = [];
const receivers: RecordingReceiver[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop('SIGKILL')));
  await Promise.all(receivers.map((started) => started.close()));
});

let url: string;
beforeEach(async () => {
  url = await freshDatabase('instances');
});

async function instance(): Promise<CliProcess> {
  const cli = await startCli(['--port', '0', '--db', url, '--job-lease', LEASE_SECONDS]);
  running.push(cli);
  return cli;
}

/** Two servers started at once on the fresh database: one seeds the demo data, both answer with it. */
async function twoInstances(): Promise<[CliProcess, CliProcess]> {
  const [a, b] = await Promise.all([instance(), instance()]);
  expect(b.ready.demo).toEqual(a.ready.demo);
  return [a, b];
}

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
  body: any;
}

async function call(
  cli: CliProcess,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${cli.ready.url}${path}`, {
    method,
    headers: {
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function ok(answer: Promise<Answer>): Promise<Answer> {
  const settled = await answer;
  if (settled.status >= 300) throw new Error(`answered ${settled.status}: ${JSON.stringify(settled.body)}`);
  return settled;
}

/** A recording receiver; `hold(attempt)` keeps that request unanswered. */
async function receiver(hold: (attempt: number) => boolean = () => false): Promise<RecordingReceiver> {
  const started = await startRecordingReceiver({ hold });
  receivers.push(started);
  return started;
}

async function until<T>(look: () => Promise<T> | T, done: (value: T) => boolean, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await look();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last saw ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const deliveryIds = (requests: RecordedRequest[]) =>
  requests.map((request) => request.headers['webhook-id'] as string);

// Each test starts two processes on the real clock, one of which seeds a fresh database, and waits
// for deliveries the servers look for every second: 3.5 s each in a CI run, but one went over the
// 20 s default on a loaded machine, with both servers starting on a fresh database at once.
describe('two servers on one PostgreSQL database', { timeout: 60_000 }, () => {
  it('send every webhook delivery exactly once while both run', async () => {
    const [a, b] = await twoInstances();
    const { api_key: key, project_id: projectId } = a.ready.demo;
    const hook = await receiver();
    await ok(
      call(a, 'PUT', `/v1/projects/${projectId}`, {
        key,
        body: { webhook: { url: hook.url, secret: SECRET } },
      }),
    );
    const published = await ok(
      call(b, 'GET', `/v1/projects/${projectId}/content?status=published&limit=100`, { key }),
    );
    const articles = published.body.data.map((item: { id: string }) => item.id) as string[];
    expect(articles.length).toBeGreaterThanOrEqual(3);

    // Each round unpublishes and republishes every article, alternating the servers: 2 events each.
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      for (const [i, id] of articles.entries()) {
        const [first, second] = (round + i) % 2 ? [a, b] : [b, a];
        await ok(call(first, 'POST', `/v1/projects/${projectId}/content/${id}/unpublish`, { key }));
        await ok(call(second, 'POST', `/v1/projects/${projectId}/content/${id}/publish`, { key }));
      }
    }
    const events = rounds * articles.length * 2;
    await until(
      () => hook.requests.length,
      (n) => n >= events,
    );
    // Both servers keep looking for due work every second: a second copy would arrive by now.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const ids = deliveryIds(hook.requests);
    expect(ids).toHaveLength(events);
    expect(new Set(ids).size).toBe(events);
    // No attempt failed, so none was retried: every delivery above is a first attempt.
    const feed = await ok(call(a, 'GET', `/v1/projects/${projectId}/activity?limit=100`, { key }));
    const outcomes = feed.body.data.filter((entry: { type: string }) =>
      entry.type.startsWith('webhook.delivery'),
    );
    expect(outcomes.length).toBeGreaterThan(0);
    expect(
      outcomes.every(
        (entry: { type: string; attempts: number }) =>
          entry.type === 'webhook.delivery_succeeded' && entry.attempts === 1,
      ),
    ).toBe(true);
  });

  it("let a plan's rate limit allow exactly its requests across both, and across a restart", async () => {
    const [a, b] = await twoInstances();
    const account = await ok(call(a, 'POST', '/__admin/accounts', { body: { plan: 'essential' } }));
    const key = account.body.api_key as string;
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) => call(i % 2 ? a : b, 'GET', '/v1/projects', { key })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const remaining = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => Number(answer.headers.get('x-ratelimit-remaining')))
      .sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));

    expect(await b.stop('SIGKILL')).toBe(null);
    const c = await instance();
    expect((await call(c, 'GET', '/v1/projects', { key })).status).toBe(429);
  });

  it('finish the delivery of a server killed in the middle of it (kill -9) on the other, once its claim runs out', async () => {
    const a = await instance();
    const { api_key: key, project_id: projectId } = a.ready.demo;
    // The first attempt gets no answer: the killed server never learns how it went.
    const hook = await receiver((attempt) => attempt === 1);
    await ok(
      call(a, 'PUT', `/v1/projects/${projectId}`, {
        key,
        body: { webhook: { url: hook.url, secret: SECRET } },
      }),
    );
    const [article] = (
      await ok(call(a, 'GET', `/v1/projects/${projectId}/content?status=published`, { key }))
    ).body.data as Array<{ id: string }>;
    if (!article) throw new Error('the demo project has no published article');
    await ok(call(a, 'POST', `/v1/projects/${projectId}/content/${article.id}/unpublish`, { key }));
    await until(
      () => hook.requests.length,
      (n) => n === 1,
    );

    const b = await instance();
    // B runs beside A for a while: A still holds the claim (renewing it), so B leaves the delivery be.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(hook.requests).toHaveLength(1);
    await a.stop('SIGKILL');

    await until(
      () => hook.requests.length,
      (n) => n === 2,
    );
    const [first, second] = hook.requests as [RecordedRequest, RecordedRequest];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    const feed = await until(
      () => ok(call(b, 'GET', `/v1/projects/${projectId}/activity`, { key })),
      (answer) =>
        answer.body.data.some((entry: { type: string }) => entry.type === 'webhook.delivery_succeeded'),
    );
    expect(feed.body.data[0]).toMatchObject({
      type: 'webhook.delivery_succeeded',
      event: 'content.unpublished',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hook.requests).toHaveLength(2);
  });

  it("agree at once: a write through one shows in the other's public list and content list", async () => {
    const [a, b] = await twoInstances();
    const { api_key: key, project_id: projectId, public_api_key: serviceKey } = a.ready.demo;
    const publicList = async (cli: CliProcess) =>
      (
        await ok(
          call(cli, 'GET', '/public-article-api?limit=100', { headers: { 'x-service-key': serviceKey } }),
        )
      ).body;
    const before = await publicList(b);
    // Twice: the second answer comes from B's cache.
    expect(await publicList(b)).toEqual(before);
    const [article] = before.articles as Array<{ id: string }>;
    if (!article) throw new Error('the demo project has no published article');

    await ok(call(a, 'POST', `/v1/projects/${projectId}/content/${article.id}/unpublish`, { key }));
    const afterUnpublish = await publicList(b);
    expect(afterUnpublish.pagination.total).toBe(before.pagination.total - 1);
    expect(afterUnpublish.articles.map((item: { id: string }) => item.id)).not.toContain(article.id);
    const drafts = await ok(call(b, 'GET', `/v1/projects/${projectId}/content?status=draft`, { key }));
    expect(drafts.body.data.map((item: { id: string }) => item.id)).toContain(article.id);

    await ok(call(b, 'POST', `/v1/projects/${projectId}/content/${article.id}/publish`, { key }));
    const afterPublish = await publicList(a);
    expect(afterPublish.pagination.total).toBe(before.pagination.total);
    expect(afterPublish.articles[0].id).toBe(article.id);
  });

  it('answer one Idempotency-Key once across both: the request runs once, the others replay it', async () => {
    const [a, b] = await twoInstances();
    const key = a.ready.demo.api_key;
    const create = (cli: CliProcess) =>
      call(cli, 'POST', '/v1/projects', {
        key,
        body: { name: 'Once', domain: 'once.example' },
        headers: { 'idempotency-key': 'create-once' },
      });
    const answers = await Promise.all([a, b, a, b, a, b].map(create));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    const projects = await ok(call(b, 'GET', '/v1/projects?limit=100', { key }));
    expect(projects.body.data.filter((project: { name: string }) => project.name === 'Once')).toHaveLength(1);
  });

  it('keep faults and the request journal each to itself, as docs/testing.md says', async () => {
    const [a, b] = await twoInstances();
    const key = a.ready.demo.api_key;
    const fault = await ok(
      call(a, 'POST', '/__admin/faults', { body: { operation: 'projects.list', api_key: key, status: 503 } }),
    );
    // The fault lives in the process it was made in: the other instance answers for real.
    expect((await call(b, 'GET', '/v1/projects', { key })).status).toBe(200);
    expect((await call(a, 'GET', '/v1/projects', { key })).status).toBe(503);
    const journal = async (cli: CliProcess) =>
      (await ok(call(cli, 'GET', `/__admin/requests?api_key=${key}&operation=projects.list`))).body.data;
    expect(
      (await journal(a)).map((entry: { status: number; fault: string }) => [entry.status, entry.fault]),
    ).toEqual([[503, fault.body.id]]);
    expect(
      (await journal(b)).map((entry: { status: number; fault: string }) => [entry.status, entry.fault]),
    ).toEqual([[200, null]]);
  });
});
