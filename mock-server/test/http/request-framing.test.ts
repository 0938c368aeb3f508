import { MAX_REQUEST_BODY_BYTES } from '@rankquill/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A request exactly as given: no header added. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  if (!server) throw new Error('no server');
  return fetch(`${server.url}${path}`, { method, headers, body });
}

async function projectCount(): Promise<number> {
  const answer = await server?.call('GET', '/v1/projects', { key: server.demo.api_key });
  return answer?.body.pagination.total;
}

describe('admin routes on a server without an admin token', () => {
  it('refuse a POST that is not JSON by Content-Type, as a web page would send it', async () => {
    server = await startTestServer();
    await server.call('POST', '/v1/projects', {
      key: server.demo.api_key,
      body: { name: 'Kept', domain: 'kept.example' },
    });
    const kinds: Array<Record<string, string>> = [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of kinds) {
      const reset = await send('POST', '/__admin/reset', headers, '');
      expect(reset.status, JSON.stringify(headers)).toBe(415);
      expect((await reset.json()).error).toMatchObject({
        type: 'invalid_request_error',
        param: 'Content-Type',
      });
      expect(reset.headers.get('x-request-id')).toMatch(/^req_/);
    }
    expect(await projectCount()).toBe(3);
    const json = await send('POST', '/__admin/reset', { 'content-type': 'application/json' });
    expect(json.status).toBe(200);
    expect(await projectCount()).toBe(2);
  });

  it('refuse a request addressed to a host that is not loopback, even one the server answers to', async () => {
    // Other hosts get a 421 from the Host allow-list (host-allow-list.test.ts); a name served
    // with --allowed-host still does not open the admin routes without a token.
    server = await startTestServer({ allowedHosts: ['ci-runner', '192.168.1.20'] });
    const { port } = new URL(server.url);
    for (const host of [`ci-runner:${port}`, `192.168.1.20:${port}`]) {
      const clock = await rawRequest(server.url, 'GET /__admin/clock', { host });
      expect(clock.status, host).toBe(403);
      expect(clock.body).toContain('"type":"permission_error"');
    }
    expect((await rawRequest(server.url, 'GET /__admin/clock', { host: 'attacker.example' })).status).toBe(
      421,
    );
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      expect((await rawRequest(server.url, 'GET /__admin/clock', { host })).status, host).toBe(200);
    }
  });

  it('with an admin token, take the token instead of those rules', async () => {
    server = await startTestServer({
      adminToken: 'token-of-this-test-0123456789abcdef',
      allowedHosts: ['ci-runner:4010'],
    });
    const reset = await rawRequest(server.url, 'POST /__admin/reset', {
      host: 'ci-runner:4010',
      headers: { authorization: 'Bearer token-of-this-test-0123456789abcdef', 'content-length': '0' },
    });
    expect(reset.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('must be JSON by Content-Type (415 naming it), whatever they hold', async () => {
    server = await startTestServer();
    const authorization = `Bearer ${server.demo.api_key}`;
    const body = JSON.stringify({ name: 'Typed', domain: 'typed.example' });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await send('POST', '/v1/projects', { authorization, 'content-type': type }, body);
      expect(answer.status, type).toBe(415);
      expect((await answer.json()).error.param).toBe('Content-Type');
    }
    const untyped = await fetch(`${server.url}/v1/projects`, {
      method: 'POST',
      headers: { authorization },
      body: new Blob([body]),
    });
    expect(untyped.status).toBe(415);
    for (const type of [
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/merge-patch+json',
    ]) {
      expect((await send('POST', '/v1/projects', { authorization, 'content-type': type }, body)).status).toBe(
        201,
      );
    }
    // A POST without a body needs no Content-Type.
    const rotate = await send('POST', `/v1/projects/${server.demo.project_id}/public-api-key/rotate`, {
      authorization,
    });
    expect(rotate.status).toBe(200);
  });

  it('accept content of 500,000 characters however many bytes it takes, and answer 413 past the limit', async () => {
    server = await startTestServer();
    const key = server.demo.api_key;
    const project = server.demo.project_id;
    const list = await server.call('GET', `/v1/projects/${project}/content?status=published`, { key });
    const id = list.body.data[0].id;
    // Three UTF-8 bytes a character: 1.5 MB, over the old 1 MiB limit, valid by the schema.
    const content = `<p>${'€'.repeat(500_000 - 7)}</p>`;
    const put = await server.call('PUT', `/v1/projects/${project}/content/${id}`, { key, body: { content } });
    expect(put.status).toBe(200);
    expect(put.body.content).toBe(content);

    const tooLarge = await server.call('PUT', `/v1/projects/${project}/content/${id}`, {
      key,
      body: { content: 'x'.repeat(MAX_REQUEST_BODY_BYTES) },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.request_id).toBe(tooLarge.headers.get('x-request-id'));
  });

  it('the limit holds the largest body the schema allows, in the widest JSON spelling', () => {
    // Every field at its maximum, each character escaped as \u0001 (six bytes): the worst case.
    const wide = (length: number) => '\u0001'.repeat(length);
    const body = {
      title: wide(300),
      slug: 'a'.repeat(200),
      content: wide(500_000),
      excerpt: wide(1000),
      meta_title: wide(300),
      meta_description: wide(1000),
      keywords: Array.from({ length: 50 }, () => wide(200)),
      featured_image: `https://example.com/${'a'.repeat(2028)}`,
      author: wide(200),
      canonical_url: `https://example.com/${'a'.repeat(2028)}`,
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(MAX_REQUEST_BODY_BYTES);
  });

  it('must not be empty where the operation takes one, and an update that changes nothing keeps updated_at', async () => {
    server = await startTestServer();
    const key = server.demo.api_key;
    const project = server.demo.project_id;
    const before = await server.call('GET', `/v1/projects/${project}`, { key });
    await server.advance(60);
    const empty = await send('PUT', `/v1/projects/${project}`, {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toContain('The request body is empty');
    const noChange = await server.call('PUT', `/v1/projects/${project}`, { key, body: {} });
    expect(noChange.status).toBe(200);
    expect(noChange.body.updated_at).toBe(before.body.updated_at);
    const sameName = await server.call('PUT', `/v1/projects/${project}`, {
      key,
      body: { name: before.body.name },
    });
    expect(sameName.body.updated_at).toBe(before.body.updated_at);
    const renamed = await server.call('PUT', `/v1/projects/${project}`, { key, body: { name: 'Renamed' } });
    expect(renamed.body.updated_at).not.toBe(before.body.updated_at);

    const list = await server.call('GET', `/v1/projects/${project}/content?status=published`, { key });
    const item = list.body.data[0];
    const unchanged = await server.call('PUT', `/v1/projects/${project}/content/${item.id}`, {
      key,
      body: { title: item.title, content: item.content },
    });
    expect(unchanged.body.updated_at).toBe(item.updated_at);
  });
});

describe('query parameters', () => {
  it.each([
    ['limit=5&limit=6', 'limit', 'limit was given 2 times; give it once.'],
    ['offset=', 'offset', 'offset is empty; give it a value or leave it out.'],
    ['limit=', 'limit', 'limit is empty'],
    ['limit=0x10', 'limit', 'limit must be an integer written in decimal digits'],
    ['limit=1e1', 'limit', 'written in decimal digits'],
    ['limit=%2B5', 'limit', 'written in decimal digits'],
    ['limit=10.0', 'limit', 'written in decimal digits'],
    ['offset=9007199254740992', 'offset', 'must be an integer from 0 to 9007199254740991'],
    ['status=draft&status=published', 'status', 'status was given 2 times'],
  ])('answers 400 naming the parameter for ?%s', async (query, param, message) => {
    server ??= await startTestServer();
    const answer = await server.call('GET', `/v1/projects/${server.demo.project_id}/content?${query}`, {
      key: server.demo.api_key,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toContain(message);
  });

  it('reads decimal integers as before, on the public article API too', async () => {
    server = await startTestServer();
    const answer = await server.call('GET', `/v1/projects?limit=1&offset=9007199254740991`, {
      key: server.demo.api_key,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toMatchObject({ limit: 1, offset: 9007199254740991, count: 0 });
    const repeated = await send('GET', '/public-article-api?limit=2&limit=3', {
      'x-service-key': server.demo.public_api_key,
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({
      success: false,
      error: 'limit was given 2 times; give it once.',
    });
  });
});
