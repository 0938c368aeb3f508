import { describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { startTestServer } from '../support/test-server';
import { DashboardClient } from './dashboard-client';
import { server, signedIn, useDashboardServer } from './dashboard-server';

useDashboardServer();

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
