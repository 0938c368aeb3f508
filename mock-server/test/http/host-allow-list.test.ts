import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/test-server';

// DNS rebinding (issue 22, finding 1): a page on evil.example whose name now points at 127.0.0.1
// sends `Host: evil.example:<port>`; no route of the server may answer it.
describe('the Host allow-list', () => {
  let server: TestServer;
  let port: string;
  let named: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'http://mock.example:8080' });
    port = new URL(server.url).port;
    named = await startTestServer({ allowedHosts: ['mock.test', 'pinned.test:9999'] });
  });
  afterAll(async () => {
    await server.close();
    await named.close();
  });

  const get = (target: TestServer, path: string, host: string, headers: Record<string, string> = {}) =>
    rawRequest(target.url, `GET ${path}`, { host, headers });

  it.each([
    ['the main API', '/v1/projects'],
    ['the admin routes', '/__admin/clock'],
    ['the health check', '/healthz'],
  ])('refuses %s for a foreign host with a JSON 421 naming --allowed-host', async (_, path) => {
    const answer = await get(server, path, `evil.example:${port}`, {
      authorization: `Bearer ${server.demo.api_key}`,
    });
    expect(answer.status).toBe(421);
    const body = JSON.parse(answer.body);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('--allowed-host evil.example');
    expect(body.error.request_id).toMatch(/^req_/);
  });

  it('refuses the public article API in its own error shape', async () => {
    const answer = await get(server, '/public-article-api', `evil.example:${port}`);
    expect(answer.status).toBe(421);
    expect(JSON.parse(answer.body)).toMatchObject({
      success: false,
      error: expect.stringContaining('--allowed-host'),
    });
  });

  it('refuses the dashboard with an HTML page, and the sign-in form post', async () => {
    const page = await get(server, '/sign-in', `evil.example:${port}`, { accept: 'text/html' });
    expect(page.status).toBe(421);
    expect(page.body).toMatch(/<h1>Host not served<\/h1>.*--allowed-host evil\.example/s);
    const form = `api_key=${encodeURIComponent(server.demo.api_key)}`;
    const signIn = await rawRequest(server.url, 'POST /sign-in', {
      host: `evil.example:${port}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(form.length),
      },
    });
    expect(signIn.status).toBe(421);
  });

  it('serves localhost, 127.0.0.1 and [::1] with the listening port, and the --public-url host', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST.:${port}`]) {
      expect((await get(server, '/healthz', host)).status, host).toBe(200);
    }
    expect((await get(server, '/healthz', 'mock.example:8080')).status).toBe(200);
    // A loopback name on another port is another server's.
    expect((await get(server, '/healthz', 'localhost:1')).status).toBe(421);
    expect((await get(server, '/healthz', 'mock.example:8081')).status).toBe(421);
  });

  it('serves each --allowed-host, on any port or on the one given', async () => {
    const namedPort = new URL(named.url).port;
    expect((await get(named, '/healthz', `mock.test:${namedPort}`)).status).toBe(200);
    expect((await get(named, '/healthz', 'mock.test')).status).toBe(200);
    expect((await get(named, '/healthz', 'pinned.test:9999')).status).toBe(200);
    expect((await get(named, '/healthz', `pinned.test:${namedPort}`)).status).toBe(421);
    expect((await get(named, '/healthz', `other.test:${namedPort}`)).status).toBe(421);
  });

  it('refuses an --allowed-host that is not a host name, naming the flag', async () => {
    await expect(startTestServer({ allowedHosts: ['http://mock.test/'] })).rejects.toThrow(
      /--allowed-host takes/,
    );
  });

  it('serves every host on a non-loopback address until a name is configured', async () => {
    const open = await startTestServer({ host: '0.0.0.0' });
    const listed = await startTestServer({ host: '0.0.0.0', allowedHosts: ['mock.lan'] });
    try {
      const openPort = new URL(open.url).port;
      const local = (target: TestServer) => `http://127.0.0.1:${new URL(target.url).port}`;
      expect((await rawRequest(local(open), 'GET /healthz', { host: `192.0.2.7:${openPort}` })).status).toBe(
        200,
      );
      expect((await rawRequest(local(listed), 'GET /healthz', { host: 'mock.lan:80' })).status).toBe(200);
      expect((await rawRequest(local(listed), 'GET /healthz', { host: 'evil.example' })).status).toBe(421);
    } finally {
      await open.close();
      await listed.close();
    }
  });
});
