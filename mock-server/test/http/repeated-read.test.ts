import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RepeatedRead } from '../../src/api/repeated-read';
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock } from '../../src/engine/index';
import { createApp } from '../../src/http/app';
import { createMemoryStore } from '../../src/store/memory';
import { startTestServer, type TestServer } from '../support/test-server';

const SEED = 31;

/** One request of the scenario both servers get. */
interface Step {
  method: string;
  path: string;
  key?: 'main' | 'service' | 'wrong';
  body?: unknown;
}

/** What a client sees of an answer: status, headers (less the connection's own), body bytes. */
interface Seen {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sends `step` to the server at `url`, with the keys of the scenario. */
async function send(url: string, step: Step, keys: { main: string; service: string }): Promise<Seen> {
  const headers: Record<string, string> = {};
  if (step.key === 'main') headers.authorization = `Bearer ${keys.main}`;
  if (step.key === 'service') headers['x-service-key'] = keys.service;
  if (step.key === 'wrong') headers['x-service-key'] = `${keys.service.slice(0, -4)}zzzz`;
  if (step.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${step.path}`, {
    method: step.method,
    headers,
    body: step.body === undefined ? undefined : JSON.stringify(step.body),
  });
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)),
    body: await response.text(),
  };
}

let repeating: TestServer;
let express: Server;
let expressUrl: string;

beforeAll(async () => {
  // The reference server answers a repeated public read itself; the Express app of the same
  // engine, seed and clock always asks the API layer: every answer must be the same.
  repeating = await startTestServer({ seed: SEED });
  const engine = await Engine.open({
    store: createMemoryStore(engineSchema),
    seed: SEED,
    clock: new ManualClock(MANUAL_CLOCK_START),
  });
  express = createServer(createApp(engine));
  await new Promise<void>((resolve) => express.listen(0, '127.0.0.1', resolve));
  expressUrl = `http://127.0.0.1:${(express.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await repeating.close();
  await new Promise((resolve) => express.close(resolve));
});

describe('a repeated public article read', () => {
  it('is answered as the API layer answers it: same bytes, request ids and journal', async () => {
    const answered = vi.spyOn(RepeatedRead.prototype, 'answer');
    const list = { method: 'GET', path: '/public-article-api?limit=2', key: 'service' } as const;
    const project = { method: 'POST', path: '/v1/projects', key: 'main' } as const;
    const create: Step = {
      method: 'POST',
      path: '',
      key: 'main',
      body: { keyword: 'reads', auto_publish: true },
    };
    const steps = (projectId: string, contentId: string): Step[] => [
      { method: 'POST', path: '/__admin/clock/advance', body: { seconds: 3600 } },
      list,
      list,
      list,
      { ...list, path: '/public-article-api?limit=2&offset=1' },
      { ...list, path: '/public-article-api?limit=2&offset=1' },
      { ...list, method: 'HEAD' },
      list,
      { ...list, key: 'wrong' },
      list,
      // A new article: the next read is made again, then repeated.
      {
        method: 'POST',
        path: `/v1/projects/${projectId}/content`,
        key: 'main',
        body: { keyword: 'later', length: 300, auto_publish: true },
      },
      { method: 'POST', path: '/__admin/clock/advance', body: { seconds: 3600 } },
      list,
      list,
      // A new title, which leaves the jobs alone: the next read is made again, then repeated.
      {
        method: 'PUT',
        path: `/v1/projects/${projectId}/content/${contentId}`,
        key: 'main',
        body: { title: 'New' },
      },
      list,
      list,
      // A fault: the next read gets it, and the one after the answer again.
      {
        method: 'POST',
        path: '/__admin/faults',
        body: { operation: 'publicArticles.get', status: 503, times: 1 },
      },
      list,
      list,
      list,
      { method: 'GET', path: '/__admin/requests?limit=100' },
    ];

    const run = async (url: string, main: string) => {
      const created = await send(
        url,
        { ...project, body: { name: 'Reads', domain: 'reads.example' } },
        {
          main,
          service: '',
        },
      );
      const { id, public_api_key: service } = JSON.parse(created.body);
      const seen = [created];
      for (let i = 0; i < 3; i++) {
        seen.push(await send(url, { ...create, path: `/v1/projects/${id}/content` }, { main, service }));
      }
      const contentId = JSON.parse(seen[1]?.body ?? '{}').id;
      for (const step of steps(id, contentId)) seen.push(await send(url, step, { main, service }));
      // The requests made with the public key, as the journal knows them by its fingerprint.
      const byKey = `/__admin/requests?limit=100&public_api_key=${encodeURIComponent(service)}`;
      seen.push(await send(url, { method: 'GET', path: byKey }, { main, service }));
      return seen;
    };
    const fromServer = await run(repeating.url, repeating.demo.api_key);
    const repeats = answered.mock.results.filter((result) => result.value !== undefined).length;
    answered.mockRestore();
    const fromApi = await run(expressUrl, repeating.demo.api_key);

    // The journal's durations are the time each request took (and its length, their digits).
    const withoutDurations = (seen: Seen) =>
      seen.body.includes('"duration_ms"')
        ? {
            ...seen,
            headers: seen.headers.filter(([name]) => name !== 'content-length'),
            body: seen.body.replace(/"duration_ms":[\d.]+/g, ''),
          }
        : seen;
    expect(fromServer.map(withoutDurations)).toEqual(fromApi.map(withoutDurations));
    expect(fromServer.filter((seen) => seen.status === 503)).toHaveLength(1);
    // The second and third list, the second offset list, the list after the wrong key's, the
    // second list after the new article and after the new title, and the two after the fault's answer.
    expect(repeats).toBe(8);
  });

  it('is left to the API layer while work is due, which runs first', async () => {
    const server = await startTestServer({ seed: SEED });
    try {
      const read = () =>
        fetch(`${server.url}/public-article-api?limit=1`, {
          headers: { 'x-service-key': server.demo.public_api_key },
        }).then((answer) => answer.status);
      expect(await read()).toBe(200);
      const answered = vi.spyOn(RepeatedRead.prototype, 'answer');
      const due = vi.spyOn(Engine.prototype, 'nothingDueNow').mockReturnValue(false);
      const ticks = vi.spyOn(Engine.prototype, 'tick');
      expect([await read(), await read()]).toEqual([200, 200]);
      expect(answered.mock.results.map((result) => result.value)).toEqual([undefined, undefined]);
      expect(ticks).toHaveBeenCalledTimes(2);
      due.mockRestore();
      expect(await read()).toBe(200);
      expect(answered.mock.results.at(-1)?.value?.status).toBe(200);
      answered.mockRestore();
      ticks.mockRestore();
    } finally {
      await server.close();
    }
  });
});
