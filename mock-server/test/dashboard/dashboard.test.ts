import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardHandler } from '../../src/dashboard/dashboard';
import { rawRequest } from '../support/raw-http';
import { startRecordingReceiver } from '../support/recording-receiver';
import { startTestServer, type TestServer } from '../support/test-server';
import { DashboardClient } from './dashboard-client';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const project = () => `/projects/${server.demo.project_id}`;

async function signedIn(): Promise<DashboardClient> {
  const client = new DashboardClient(server);
  await client.signIn(server.demo.api_key);
  return client;
}

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

describe('dashboard forms', () => {
  it('refuses a form without the session token, from another origin or from another site, and changes nothing', async () => {
    const client = await signedIn();
    const before = (await server.call('GET', `/v1${project()}/keywords`, { key: server.demo.api_key })).body
      .pagination.total;
    const attempts = [
      await client.post(`${project()}/keywords`, { keyword: 'csrf one', csrf_token: '' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf two', csrf_token: 'guess' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf three' }, { origin: 'http://127.0.0.1:1' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf four' }, { 'sec-fetch-site': 'same-site' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf five' }, { origin: 'null' }),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([403, 403, 403, 403, 403]);
    expect(attempts[2]?.html).toContain('Nothing was changed');
    const after = (await server.call('GET', `/v1${project()}/keywords`, { key: server.demo.api_key })).body
      .pagination.total;
    expect(after).toBe(before);
  });

  it('runs a form from this origin with the token through the engine, then shows the next page', async () => {
    const client = await signedIn();
    const answer = await client.post(`${project()}/keywords`, { keyword: 'aeropress recipe' });
    expect(answer.status).toBe(303);
    const page = await client.get(answer.headers.get('location') ?? '');
    expect(page.html).toContain('Tracking “aeropress recipe”');
    const list = await server.call('GET', `/v1${project()}/keywords?limit=100`, { key: server.demo.api_key });
    expect(list.body.data.map((keyword: { keyword: string }) => keyword.keyword)).toContain(
      'aeropress recipe',
    );
    // The message is shown once.
    expect((await client.get(answer.headers.get('location') ?? '')).html).not.toContain(
      'Tracking “aeropress',
    );
  });

  it('sends a refused input back to its form with the engine message on the field and the values kept', async () => {
    const client = await signedIn();
    const answer = await client.post(`${project()}/content`, { keyword: 'siphon brewing', length: '12' });
    expect(answer.headers.get('location')).toBe(`${project()}/content`);
    const page = await client.get(`${project()}/content`);
    expect(page.html).toContain('`length` must be an integer number of words from 300 to 5000.');
    expect(page.html).toContain('aria-invalid="true" aria-describedby="length-error"');
    expect(page.html).toContain('value="siphon brewing"');
  });

  it('keeps a secret out of the values it fills in again', async () => {
    const client = await signedIn();
    await client.post(`${project()}/webhook`, { url: 'not a url', secret: 'hunter2-secret' });
    const page = await client.get(`${project()}/integrations`);
    expect(page.html).toContain('must be an absolute http(s) URL');
    expect(page.html).toContain('value="not a url"');
    expect(page.html).not.toContain('hunter2-secret');
  });
});

describe('dashboard integrations', () => {
  // Issue 22, finding 8: the secret stayed in clear in the sign_in_sessions row until the next page.
  it('shows the signing secret once, in the answer to the save and to a rotation, and never stores it in the session', async () => {
    const client = await signedIn();
    const created = await server.call('POST', '/v1/projects', {
      key: server.demo.api_key,
      body: { name: 'Signing', domain: 'signing.example' },
    });
    const path = `/projects/${created.body.id}`;
    const refused = await client.post(`${path}/webhook/signing-secret/rotate`, { confirm: 'yes' });
    expect(refused.headers.get('location')).toBe(`${path}/integrations`);
    expect((await client.get(`${path}/integrations`)).html).toContain('has no webhook, so no signing secret');
    const sessionRows = async () => JSON.stringify(await server.engine.signInSessions.all());

    const first = await client.post(`${path}/webhook`, {
      url: 'http://127.0.0.1:9/webhook',
      secret: 's3cret',
    });
    expect(first.status).toBe(200);
    const secret = /Signing secret:<\/strong> <code>(whsec_[^<]+)<\/code>/.exec(first.html)?.[1];
    expect(secret).toMatch(/^whsec_/);
    expect(await sessionRows()).not.toContain('whsec_');
    expect((await client.get(`${path}/integrations`)).html).not.toContain(secret);
    const saved = await client.post(`${path}/webhook`, { url: 'http://127.0.0.1:9/other', secret: 's3cret' });
    expect(saved.status).toBe(303);
    expect((await client.get(`${path}/integrations`)).html).not.toContain('whsec_');

    const rotated = await client.post(`${path}/webhook/signing-secret/rotate`, { confirm: 'yes' });
    expect(rotated.status).toBe(200);
    const next = /New signing secret:<\/strong> <code>(whsec_[^<]+)<\/code>/.exec(rotated.html)?.[1];
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect(rotated.html).toContain('The replaced one also signs deliveries until');
    expect(await sessionRows()).not.toContain('whsec_');
    expect((await client.get(`${path}/integrations`)).html).not.toContain('whsec_');

    const key = await client.post(`${path}/public-api-key/rotate`, {});
    const publicKey = /New public article API key:<\/strong> <code>([^<]+)<\/code>/.exec(key.html)?.[1];
    expect(publicKey).toMatch(/^rqp_/);
    expect(await sessionRows()).not.toContain(publicKey);
  });
});

// Issue 22, finding 1: the dashboard's clock checked the admin token only when one was set.
describe('the dashboard clock on a name served with --allowed-host', () => {
  it('moves and resets only from a page addressed to a loopback host, as /__admin does', async () => {
    const named = await startTestServer({ allowedHosts: ['mock.test'] });
    try {
      const host = `mock.test:${new URL(named.url).port}`;
      const send = (line: string, headers: Record<string, string>, body = '') =>
        rawRequest(named.url, line, {
          host,
          headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
          body,
        });
      const form = { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` };
      const signIn = await send('POST /sign-in', form, `api_key=${encodeURIComponent(named.demo.api_key)}`);
      expect(signIn.status).toBe(303);
      const cookie = /set-cookie: ([^;]+)/i.exec(signIn.head)?.[1] ?? '';
      const page = await send('GET /clock', { cookie });
      expect(page.status).toBe(200);
      const token = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const before = named.engine.now();
      for (const [path, fields] of [
        ['/clock/advance', `amount=1&unit=days`],
        ['/clock/reset', 'confirm=yes'],
      ] as const) {
        const moved = await send(`POST ${path}`, { ...form, cookie }, `csrf_token=${token}&${fields}`);
        expect(moved.status).toBe(303);
        const after = await send('GET /clock', { cookie });
        expect(after.body).toContain('The clock moves only from a page addressed to a loopback host');
      }
      expect(named.engine.now()).toBe(before);
      // From 127.0.0.1 the same form moves it.
      const local = new DashboardClient(named);
      await local.signIn(named.demo.api_key);
      await local.get('/clock');
      expect((await local.post('/clock/advance', { amount: '1', unit: 'days' })).status).toBe(303);
      expect(named.engine.now()).toBe(before + 86_400_000);
    } finally {
      await named.close();
    }
  });
});

describe('dashboard pages', () => {
  it('serves pages with a strict policy, no caching, and HEAD without a body', async () => {
    const client = await signedIn();
    const page = await client.get(`${project()}/content`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.html).not.toContain('<script');
    const head = await fetch(`${server.url}${project()}/content`, {
      method: 'HEAD',
      headers: { cookie: client.cookie },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves the stylesheet under a hashed name for a year', async () => {
    const client = await signedIn();
    const page = await client.get('/');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.html)?.[1] ?? '';
    expect(href).toMatch(/^\/assets\/dashboard-[0-9a-f]{8}\.css$/);
    const css = await fetch(`${server.url}${href}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sandboxes the article document by its own policy', async () => {
    const client = await signedIn();
    const list = await server.call('GET', `/v1${project()}/content?status=published&limit=1`, {
      key: server.demo.api_key,
    });
    const article = await client.get(`${project()}/content/${list.body.data[0].id}/article`);
    expect(article.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none';/);
    expect(article.html).toContain(list.body.data[0].title);
  });

  it('answers another account’s project and unknown pages with a 404 page, and a wrong method with 405', async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const client = new DashboardClient(server);
    await client.signIn(other.body.api_key);
    const foreign = await client.get(project());
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain(`No project with id ${server.demo.project_id}`);
    expect((await client.get('/projects/proj_x/nothing')).status).toBe(404);
    const put = await fetch(`${server.url}/clock`, { method: 'PUT', headers: { cookie: client.cookie } });
    expect(put.status).toBe(405);
  });

  it('leaves the API, the public article API and the admin routes as they were', async () => {
    expect((await server.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const projects = await server.call('GET', '/v1/projects', { key: server.demo.api_key });
    expect(projects.headers.get('content-type')).toContain('application/json');
    expect((await server.call('GET', '/nothing-here')).body.error.type).toBe('not_found_error');
  });
});

describe('dashboard clock', () => {
  it('moves the manual clock by a chosen span and resets to the seed', async () => {
    const client = await signedIn();
    const before = (await server.call('GET', '/__admin/clock')).body.now;
    const moved = await client.post('/clock/advance', { amount: '2', unit: 'hours' });
    expect(moved.headers.get('location')).toBe('/clock');
    const after = (await server.call('GET', '/__admin/clock')).body.now;
    expect(Date.parse(after) - Date.parse(before)).toBe(2 * 3600 * 1000);
    expect((await client.get('/clock')).html).toContain('The clock moved 2 h to');
    const refused = await client.post('/clock/advance', { amount: '400', unit: 'days' });
    expect(refused.headers.get('location')).toBe('/clock');
    expect((await client.get('/clock')).html).toContain('The clock moves by 0 seconds up to 365 days');
    await client.post('/clock/reset', { confirm: 'yes' });
    expect((await server.call('GET', '/__admin/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
    // The demo key is derived from the seed, so the session outlives the reset.
    expect((await client.get('/')).status).toBe(200);
  });
});

describe('dashboard deliveries', () => {
  it('shows a superseded delivery as superseded, in the deliveries table and the activity feed, with no Redeliver', async () => {
    const refusing = await startRecordingReceiver({
      status: (_, request) => (request.headers['x-service-event'] === 'content.published' ? 500 : 200),
    });
    try {
      const key = server.demo.api_key;
      const created = await server.call('POST', '/v1/projects', {
        key,
        body: { name: 'Seen', domain: 'seen.example' },
      });
      const projectId: string = created.body.id;
      const content = await server.call('POST', `/v1/projects/${projectId}/content`, {
        key,
        body: { keyword: 'superseded on screen', length: 300 },
      });
      await server.call('POST', '/__admin/clock/advance', { body: { seconds: 60 } });
      await server.call('PUT', `/v1/projects/${projectId}`, {
        key,
        body: { webhook: { url: refusing.url, secret: 'rq_whsec_seen' } },
      });
      const item = `/v1/projects/${projectId}/content/${content.body.id}`;
      await server.call('POST', `${item}/publish`, { key });
      for (let poll = 0; poll < 200 && refusing.requests.length < 1; poll++)
        await new Promise((r) => setTimeout(r, 10));
      await server.call('POST', '/__admin/clock/advance', { body: { seconds: 0 } });
      await server.call('PUT', item, { key, body: { title: 'Seen superseded' } });
      await server.call('POST', '/__admin/clock/advance', { body: { seconds: 0 } });
      const deliveries = await server.call('GET', `/v1/projects/${projectId}/deliveries`, { key });
      const [updated, published] = deliveries.body.data;
      expect([updated.status, published.status]).toEqual(['succeeded', 'superseded']);

      const client = await signedIn();
      const page = (await client.get(`/projects/${projectId}/integrations`)).html;
      const row = (id: string) =>
        page.slice(page.lastIndexOf('<tr', page.indexOf(id)), page.indexOf('</tr>', page.indexOf(id)));
      expect(row(published.id)).toContain('badge-superseded');
      expect(row(published.id)).not.toContain('Redeliver');
      expect(row(updated.id)).toContain('Redeliver');
      const feed = (await client.get(`/projects/${projectId}/activity`)).html;
      expect(feed).toContain('<span class="badge badge-superseded">superseded</span> after 1 attempt');
      expect(feed).toContain(`superseded by content.updated (${updated.id})`);
    } finally {
      await refusing.close();
    }
  });
});

describe('dashboard options', () => {
  it('is gone with dashboard: false, and / answers as the API does', async () => {
    const bare = await startTestServer({ dashboard: false });
    try {
      const answer = await bare.call('GET', '/');
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toContain('No route for GET /');
      expect((await bare.call('GET', '/sign-in')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('has no clock page and no clock link when the admin routes are off', async () => {
    const noAdmin = await startTestServer({ admin: false });
    try {
      const client = new DashboardClient(noAdmin);
      await client.signIn(noAdmin.demo.api_key);
      expect((await client.get('/')).html).not.toContain('href="/clock"');
      expect((await client.get('/clock')).status).toBe(404);
      expect((await client.post('/clock/advance', { amount: '1', unit: 'minutes' })).status).toBe(404);
    } finally {
      await noAdmin.close();
    }
  });

  it('asks for the admin token before moving the clock when the server has one', async () => {
    const guarded = await startTestServer({ adminToken: 'a-long-admin-token-for-the-test' });
    try {
      const client = new DashboardClient(guarded);
      await client.signIn(guarded.demo.api_key);
      expect((await client.get('/clock')).html).toContain('name="admin_token"');
      await client.post('/clock/advance', { amount: '1', unit: 'minutes', admin_token: 'wrong' });
      expect((await client.get('/clock')).html).toContain('That admin token is not the one');
      const moved = await client.post('/clock/advance', {
        amount: '1',
        unit: 'minutes',
        admin_token: 'a-long-admin-token-for-the-test',
      });
      expect(moved.status).toBe(303);
      expect((await client.get('/clock')).html).toContain('The clock moved 1 min');
    } finally {
      await guarded.close();
    }
  });
});
