import { describe, expect, it } from 'vitest';
import { createDashboardHandler } from '../../src/dashboard/dashboard';
import { rawRequest } from '../support/raw-http';
import { startTestServer } from '../support/test-server';
import { DashboardClient } from './dashboard-client';
import { project, server, signedIn, useDashboardServer } from './dashboard-server';

useDashboardServer();

describe('dashboard sign-in', () => {
  it('sends a browser without a session to sign in, and back to the page it asked for', async () => {
    const client = new DashboardClient(server);
    expect((await client.get('/')).headers.get('location')).toBe('/sign-in');
    const deep = await client.get(`${project()}/keywords`);
    expect(deep.status).toBe(303);
    expect(deep.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(`${project()}/keywords`)}`);
    const answer = await client.post('/sign-in', {
      api_key: server.demo.api_key,
      next: `${project()}/keywords`,
    });
    expect(answer.headers.get('location')).toBe(`${project()}/keywords`);
  });

  it('never sends a browser to another host after sign-in', async () => {
    for (const next of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
      const answer = await new DashboardClient(server).post('/sign-in', {
        api_key: server.demo.api_key,
        next,
      });
      expect(answer.headers.get('location'), next).toBe('/');
    }
  });

  it('answers a wrong or missing key with 401 and a message saying what to paste, and sets no cookie', async () => {
    const wrong = await new DashboardClient(server).post('/sign-in', { api_key: 'rq_test_nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('That key was not accepted');
    expect(wrong.html).not.toContain('rq_test_nope');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const missing = await new DashboardClient(server).post('/sign-in', {});
    expect(missing.status).toBe(401);
    expect(missing.html).toContain('Paste your main API key');
  });

  it('sets an HttpOnly, SameSite=Strict session cookie on the whole site, and clears it on sign-out', async () => {
    const client = new DashboardClient(server);
    const answer = await client.post('/sign-in', { api_key: server.demo.api_key });
    const cookie = answer.headers.get('set-cookie') ?? '';
    const port = new URL(server.url).port;
    expect(cookie).toMatch(
      new RegExp(`^rq_session_${port}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict$`),
    );
    expect(cookie).not.toContain(server.demo.api_key);
    await client.get('/');
    const out = await client.post('/sign-out');
    expect(out.headers.get('location')).toBe('/sign-in?signed_out=1');
    expect(out.headers.get('set-cookie')).toBe(
      `rq_session_${port}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`,
    );
    // The old cookie no longer opens a session.
    client.cookie = cookie.split(';')[0] ?? '';
    expect((await client.get('/')).headers.get('location')).toBe('/sign-in');
  });

  it('gives a new session at every sign-in and ends the one the browser had', async () => {
    const client = await signedIn();
    const before = client.cookie;
    await client.signIn(server.demo.api_key);
    expect(client.cookie).not.toBe(before);
    const stale = new DashboardClient(server);
    stale.cookie = before;
    expect((await stale.get('/')).headers.get('location')).toBe('/sign-in');
  });

  // Issue 22, finding 2: a session is its dashboard's, whoever carries the cookie elsewhere.
  it('refuses a session at another origin than the one it was signed in at', async () => {
    const client = await signedIn();
    const port = new URL(server.url).port;
    const [, value] = client.cookie.split('=');
    const elsewhere = await rawRequest(server.url, 'GET /', {
      host: `localhost:${port}`,
      headers: { cookie: `rq_session_${port}=${value}` },
    });
    expect(elsewhere.status).toBe(303);
    const here = await rawRequest(server.url, 'GET /', {
      host: `127.0.0.1:${port}`,
      headers: { cookie: `rq_session_${port}=${value}` },
    });
    expect(here.status).toBe(200);
  });

  // Issue 22, finding 3: another port's page can add a cookie of the same name with a narrower Path.
  it('treats a request with two session cookies as signed out', async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const tossed = new DashboardClient(server);
    tossed.cookie = `${attacker.cookie}; ${victim.cookie}`;
    expect((await tossed.get('/')).headers.get('location')).toBe('/sign-in');
    tossed.cookie = victim.cookie;
    expect((await tossed.get('/')).status).toBe(200);
  });

  // Issue 22, finding 4: the browser reads `/<TAB>/host` as `//host`.
  it.each([
    '/\t/127.0.0.1:9/x',
    '/\\127.0.0.1:9/x',
    '/.//127.0.0.1:9/x',
    '/\n/evil.example',
    'http://127.0.0.1:9/x',
  ])('sends a sign-in with next=%j to / and nowhere else', async (next) => {
    const answer = await new DashboardClient(server).post('/sign-in', { api_key: server.demo.api_key, next });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
  });

  it('names the cookie __Host- and marks it Secure when the request came over https', async () => {
    const dashboard = createDashboardHandler(server.engine);
    const answer = await dashboard({
      method: 'POST',
      path: '/sign-in',
      query: {},
      headers: { origin: 'https://dash.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: server.demo.api_key }).toString(),
      baseUrl: 'https://dash.example',
    });
    expect(answer?.headers['set-cookie']).toMatch(
      /^__Host-rq_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});

describe('dashboard behind a proxy that ends TLS (--public-url)', () => {
  it('takes forms from the public origin only and marks the cookie Secure, though the request came over http', async () => {
    const proxied = await startTestServer({ publicUrl: 'https://dash.example/' });
    try {
      const form = (origin: string) =>
        fetch(`${proxied.url}/sign-in`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ api_key: proxied.demo.api_key }),
        });
      const fromPublic = await form('https://dash.example');
      expect(fromPublic.status).toBe(303);
      expect(fromPublic.headers.get('set-cookie')).toMatch(
        /^__Host-rq_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      );
      const fromInside = await form(proxied.url);
      expect(fromInside.status).toBe(403);
      expect(fromInside.headers.get('set-cookie')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});
