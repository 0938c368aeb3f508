import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, type RankquillHandlers } from '../../src/msw/index';

// The MSW handlers run the same API layer and engine as the reference server: the same admin
// routes make the same faults, and only the adapter's act differs (a network error, not a socket).
const server = setupServer();
let mock: RankquillHandlers;
let origin: string;

beforeAll(async () => {
  mock = await createHandlers({ seed: 7 });
  origin = new URL(mock.baseURL).origin;
  server.listen({ onUnhandledFrame: 'error' });
  server.use(...mock.handlers);
});
afterAll(() => server.close());

async function fault(body: object) {
  const response = await fetch(`${origin}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return response.json();
}

describe('faults through the MSW handlers', () => {
  it('answers a network error for a disconnect, after the operation committed', async () => {
    const key = mock.demo.api_key;
    await fault({ operation: 'content.create', api_key: key, disconnect: 'after' });
    const create = () =>
      fetch(`${mock.baseURL}/projects/${mock.demo.project_id}/content`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': 'msw-1',
        },
        body: JSON.stringify({ keyword: 'msw lost answer' }),
      });
    await expect(create()).rejects.toThrow(TypeError);
    const replay = await create();
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers the injected status and waits out a delay in real time', async () => {
    await fault({ operation: 'publicArticles.get', public_api_key: mock.demo.public_api_key, status: 503 });
    await fault({ operation: 'publicArticles.get', public_api_key: mock.demo.public_api_key, delay_ms: 300 });
    const get = () => fetch(mock.contentApiURL, { headers: { 'x-service-key': mock.demo.public_api_key } });
    const failed = await get();
    expect(failed.status).toBe(503);
    expect((await failed.json()).success).toBe(false);
    const started = performance.now();
    expect((await get()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('keeps a journal that the admin route reads', async () => {
    const response = await fetch(`${origin}/__admin/requests?operation=content.create`);
    const journal = await response.json();
    expect(journal.data.map((entry: { status: number | null }) => entry.status)).toEqual([202, null]);
  });
});
