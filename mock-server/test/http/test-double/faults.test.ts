import { FAULTABLE_OPERATIONS } from '@rankquill/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../../support/raw-http';
import { startTestServer, type TestServer } from '../../support/test-server';
import { freshAccount } from './fresh-account';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('POST /__admin/faults', () => {
  it('answers 201 with the fault, its id and its scope by the key’s first 8 characters', async () => {
    server = await startTestServer();
    const { key } = await freshAccount(server);
    const made = await server.call('POST', '/__admin/faults', {
      body: { operation: 'content.create', api_key: key, status: 503, times: 2 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      operation: 'content.create',
      api_key: 'rq_test_…',
      account_id: expect.stringMatching(/^acct_/),
      status: 503,
      headers: {},
      delay_ms: null,
      disconnect: null,
      times: 2,
      applied: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(made.body.id).toMatch(/^flt_[0-9a-z]{13}$/);
    expect(made.text).not.toContain(key.slice(8));
  });

  it('refuses a bad body with a 400 that names the field and says what to send', async () => {
    server = await startTestServer();
    const { key, publicKey } = await freshAccount(server);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ operation: 'content.creat', status: 503 }, 'operation', /content\.create.*publicArticles\.get/],
      [{ status: 503 }, 'operation', /required/],
      [{ operation: 'content.create' }, 'status', /exactly one/],
      [
        { operation: 'content.create', status: 503, delay_ms: 10 },
        'delay_ms',
        /cannot be given with `status`/,
      ],
      [{ operation: 'content.create', status: 418 }, 'status', /429, 500, 502, 503, 504/],
      [{ operation: 'content.create', delay_ms: 0 }, 'delay_ms', /1 to 120000/],
      [{ operation: 'content.create', delay_ms: 120_001 }, 'delay_ms', /1 to 120000/],
      [{ operation: 'content.create', disconnect: 'during' }, 'disconnect', /"before" or "after"/],
      [{ operation: 'content.create', status: 503, times: 0 }, 'times', /positive integer/],
      [{ operation: 'content.create', delay_ms: 5, headers: { a: 'b' } }, 'headers', /`status` fault only/],
      [
        { operation: 'content.create', status: 503, headers: { 'bad name': 'x' } },
        'headers.bad name',
        /header name/,
      ],
      [
        { operation: 'content.create', status: 503, headers: { 'Content-Length': '1' } },
        'headers.Content-Length',
        /cannot be set/,
      ],
      [
        { operation: 'content.create', status: 503, headers: { 'X-A': 'line\nbreak' } },
        'headers.X-A',
        /line breaks/,
      ],
      [
        { operation: 'content.create', status: 503, api_key: 'rq_test_nobody' },
        'api_key',
        /not the main API key of any account/,
      ],
      [
        { operation: 'content.create', status: 503, api_key: key, public_api_key: publicKey },
        'public_api_key',
        /one account/,
      ],
      [
        { operation: 'content.create', status: 503, public_api_key: publicKey },
        'operation',
        /scope it with `api_key`/,
      ],
      [
        { operation: 'publicArticles.get', status: 503, api_key: key },
        'operation',
        /scope it with `public_api_key`/,
      ],
      [{ operation: 'exports.download', status: 503, api_key: key }, 'operation', /leave the scope out/],
      [
        { operation: '*', status: 503, public_api_key: 'rqp_nobody' },
        'public_api_key',
        /not the public article API key/,
      ],
      [{ operation: '*', status: 503, color: 'red' }, 'color', /Unknown field/],
    ];
    for (const [body, param, message] of cases) {
      const answer = await server.call('POST', '/__admin/faults', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.param, JSON.stringify(body)).toBe(param);
      expect(answer.body.error.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await server.call('GET', '/__admin/faults')).body).toEqual({ data: [] });
  });

  it('lists every valid operation id when the one given is unknown', async () => {
    server = await startTestServer();
    const answer = await server.call('POST', '/__admin/faults', { body: { operation: 'nope', status: 500 } });
    for (const id of ['*', ...FAULTABLE_OPERATIONS]) expect(answer.body.error.message).toContain(id);
    expect(answer.body.error.message).not.toContain('admin.reset');
  });

  it('lists, removes one and clears by scope; reset removes them all', async () => {
    server = await startTestServer();
    const a = await freshAccount(server);
    const b = await freshAccount(server);
    const make = async (body: object) => (await server?.call('POST', '/__admin/faults', { body }))?.body;
    const first = await make({ operation: '*', api_key: a.key, status: 500 });
    const second = await make({ operation: 'content.list', api_key: b.key, delay_ms: 5 });
    const third = await make({
      operation: 'publicArticles.get',
      public_api_key: b.publicKey,
      disconnect: 'before',
    });
    const ids = async (query = '') =>
      (await server?.call('GET', `/__admin/faults${query}`))?.body.data.map(
        (fault: { id: string }) => fault.id,
      );
    expect(await ids()).toEqual([first.id, second.id, third.id]);
    expect(await ids(`?api_key=${a.key}`)).toEqual([first.id]);
    expect(await ids(`?public_api_key=${b.publicKey}`)).toEqual([third.id]);
    expect(third).toMatchObject({ public_api_key: `${b.publicKey.slice(0, 8)}…`, project_id: b.projectId });

    expect((await server.call('DELETE', `/__admin/faults/${first.id}`)).body).toEqual({
      id: first.id,
      deleted: true,
    });
    const gone = await server.call('DELETE', `/__admin/faults/${first.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.param).toBe('faultId');
    expect((await server.call('DELETE', `/__admin/faults?api_key=${b.key}`)).body).toEqual({ deleted: 1 });
    expect(await ids()).toEqual([third.id]);
    expect((await server.call('GET', '/__admin/faults?api_key=rq_test_nobody')).body.error.param).toBe(
      'api_key',
    );

    await make({ operation: '*', status: 500 });
    await server.call('POST', '/__admin/reset');
    expect(await ids()).toEqual([]);
  });
});

describe('a status fault', () => {
  it("answers the main API's error body and headers, names the fault, and counts down its times", async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    const fault = (
      await server.call('POST', '/__admin/faults', {
        body: {
          operation: 'content.list',
          api_key: key,
          status: 503,
          times: 2,
          headers: { 'X-Extra': 'yes' },
        },
      })
    ).body;
    for (let i = 0; i < 2; i++) {
      const answer = await server.call('GET', `/v1/projects/${projectId}/content`, { key });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: {
          type: 'api_error',
          message: expect.stringContaining(`injected by fault ${fault.id}`),
          request_id: answer.headers.get('x-request-id'),
        },
      });
      expect(answer.headers.get('x-extra')).toBe('yes');
      expect(answer.headers.get('x-ratelimit-limit')).toBe('100');
    }
    expect((await server.call('GET', `/v1/projects/${projectId}/content`, { key })).status).toBe(200);
    expect((await server.call('GET', '/__admin/faults')).body.data).toEqual([]);
  });

  it('answers 429 with Retry-After (1 unless overridden) and the rate-limit headers', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'projects.retrieve', api_key: key, status: 429 },
    });
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'projects.retrieve', api_key: key, status: 429, headers: { 'Retry-After': '7' } },
    });
    const first = await server.call('GET', `/v1/projects/${projectId}`, { key });
    expect(first.status).toBe(429);
    expect(first.body.error.type).toBe('rate_limit_error');
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBe(Date.UTC(2026, 0, 1) / 1000 + 1);
    const second = await server.call('GET', `/v1/projects/${projectId}`, { key });
    expect(second.headers.get('retry-after')).toBe('7');
    expect(second.body.error.message).toMatch(/retry after 7 seconds/);
  });

  it("answers the public article API's own error format on publicArticles.get", async () => {
    server = await startTestServer();
    const { publicKey } = await freshAccount(server);
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'publicArticles.get', public_api_key: publicKey, status: 429 },
    });
    const answer = await server.call('GET', '/public-article-api', {
      headers: { 'x-service-key': publicKey },
    });
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests \(injected by fault flt_/),
    });
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(
      (await server.call('GET', '/public-article-api', { headers: { 'x-service-key': publicKey } })).status,
    ).toBe(200);
  });

  it('answers a missing or wrong public key 401 before a publicArticles.get fault, which waits for a right one', async () => {
    server = await startTestServer();
    const { publicKey } = await freshAccount(server);
    const fault = (
      await server.call('POST', '/__admin/faults', {
        body: { operation: 'publicArticles.get', status: 503, times: 1 },
      })
    ).body;
    const read = async (headers: Record<string, string>) =>
      (await server?.call('GET', '/public-article-api', { headers }))?.status;
    expect(await read({ 'x-service-key': `${publicKey.slice(0, -4)}zzzz` })).toBe(401);
    expect(await read({})).toBe(401);
    expect((await server.call('GET', '/__admin/faults')).body.data[0]).toMatchObject({
      id: fault.id,
      applied: 0,
    });
    expect(await read({ 'x-service-key': publicKey })).toBe(503);
    expect(await read({ 'x-service-key': publicKey })).toBe(200);
  });
});

describe('delay and disconnect faults', () => {
  it('holds a request in real time, leaving the mock clock where it was', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'content.list', api_key: key, delay_ms: 400 },
    });
    const started = performance.now();
    const answer = await server.call('GET', `/v1/projects/${projectId}/content`, { key });
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect((await server.call('GET', '/__admin/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
  });

  it('closes the connection before the operation runs: nothing changes', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'content.create', api_key: key, disconnect: 'before' },
    });
    await expect(
      server.call('POST', `/v1/projects/${projectId}/content`, { key, body: { keyword: 'lost request' } }),
    ).rejects.toThrow(TypeError);
    expect((await server.call('GET', `/v1/projects/${projectId}/content`, { key })).body.data).toEqual([]);
  });

  it('closes the connection after the operation committed; the same Idempotency-Key replays its answer', async () => {
    server = await startTestServer();
    const { key, projectId } = await freshAccount(server);
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'content.create', api_key: key, disconnect: 'after' },
    });
    const create = () =>
      server?.call('POST', `/v1/projects/${projectId}/content`, {
        key,
        body: { keyword: 'lost answer' },
        headers: { 'idempotency-key': 'create-once' },
      });
    await expect(create()).rejects.toThrow(TypeError);
    const listed = (await server.call('GET', `/v1/projects/${projectId}/content`, { key })).body.data;
    expect(listed.map((item: { keyword: string }) => item.keyword)).toEqual(['lost answer']);
    const retried = await create();
    expect(retried?.status).toBe(202);
    expect(retried?.headers.get('idempotent-replayed')).toBe('true');
    expect(retried?.body.id).toBe(listed[0].id);
    expect((await server.call('GET', `/v1/projects/${projectId}/content`, { key })).body.data).toHaveLength(
      1,
    );
  });

  it('sends nothing at all on a disconnect: the socket closes without a status line', async () => {
    server = await startTestServer();
    await server.call('POST', '/__admin/faults', {
      body: { operation: 'publicArticles.get', disconnect: 'before' },
    });
    const answer = await rawRequest(server.url, 'GET /public-article-api', {
      headers: { 'X-Service-Key': server.demo.public_api_key },
    });
    expect(answer).toMatchObject({ status: 0, statusLine: '', body: '' });
  });
});

describe('scopes', () => {
  it("two accounts' faults never meet, even on every operation", async () => {
    server = await startTestServer();
    const a = await freshAccount(server);
    const b = await freshAccount(server);
    await server.call('POST', '/__admin/faults', {
      body: { operation: '*', api_key: a.key, status: 500, times: null },
    });
    const [failing, passing] = await Promise.all([
      Promise.all(
        Array.from({ length: 5 }, () =>
          server?.call('GET', `/v1/projects/${a.projectId}/content`, { key: a.key }),
        ),
      ),
      Promise.all(
        Array.from({ length: 5 }, () =>
          server?.call('GET', `/v1/projects/${b.projectId}/content`, { key: b.key }),
        ),
      ),
    ]);
    expect(failing.map((answer) => answer?.status)).toEqual([500, 500, 500, 500, 500]);
    expect(passing.map((answer) => answer?.status)).toEqual([200, 200, 200, 200, 200]);
    // The account's public article API is another scope: a main-key fault does not reach it.
    expect(
      (await server.call('GET', '/public-article-api', { headers: { 'x-service-key': a.publicKey } })).status,
    ).toBe(200);
  });

  it('applies an unscoped fault to every caller, and never to admin routes', async () => {
    server = await startTestServer();
    await server.call('POST', '/__admin/faults', { body: { operation: '*', status: 502, times: null } });
    expect((await server.call('GET', '/v1/projects', { key: server.demo.api_key })).status).toBe(502);
    const publicKey = server.demo.public_api_key;
    expect(
      (await server.call('GET', '/public-article-api', { headers: { 'x-service-key': publicKey } })).status,
    ).toBe(502);
    // A wrong key is refused before any fault, as on the main API.
    expect(
      (await server.call('GET', '/public-article-api', { headers: { 'x-service-key': 'rqp_wrong' } })).status,
    ).toBe(401);
    expect((await server.call('GET', '/__admin/clock')).status).toBe(200);
    expect((await server.call('GET', '/healthz')).status).toBe(200);
    expect((await server.call('GET', '/openapi.json')).status).toBe(200);
  });

  it('shifts no id of another resource: the same seed and requests make the same ids', async () => {
    const ids = async (withFaults: boolean) => {
      const test = await startTestServer({ seed: 11 });
      try {
        const key = test.demo.api_key;
        if (withFaults) {
          await test.call('POST', '/__admin/faults', {
            body: { operation: 'keywords.list', api_key: key, status: 500 },
          });
          await test.call('GET', '/__admin/requests');
        }
        const project = (
          await test.call('POST', '/v1/projects', { key, body: { name: 'A', domain: 'a.example' } })
        ).body;
        const content = (
          await test.call('POST', `/v1/projects/${project.id}/content`, {
            key,
            body: { keyword: 'same ids' },
          })
        ).body;
        return [project.id, project.public_api_key, content.id];
      } finally {
        await test.close();
      }
    };
    expect(await ids(true)).toEqual(await ids(false));
  });

  it('follows the admin rules: the token when one is set, a loopback Host without one', async () => {
    server = await startTestServer({ adminToken: 'fault-token' });
    expect(
      (await server.call('POST', '/__admin/faults', { body: { operation: '*', status: 500 } })).status,
    ).toBe(401);
    expect((await server.call('GET', '/__admin/requests')).status).toBe(401);
    const authorized = { authorization: 'Bearer fault-token' };
    expect((await server.call('GET', '/__admin/requests', { headers: authorized })).status).toBe(200);
    await server.close();

    // A host the server serves, but not a loopback one: the admin routes refuse it without a token.
    server = await startTestServer({ allowedHosts: ['mock.example'] });
    const { port } = new URL(server.url);
    for (const requestLine of ['GET /__admin/faults', 'GET /__admin/requests', 'DELETE /__admin/faults']) {
      const answer = await rawRequest(server.url, requestLine, { host: `mock.example:${port}` });
      expect(answer.status, requestLine).toBe(403);
    }
  });
});
