import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPT_LIMIT } from '../../src/engine/index';
import { TrustedProxies, TrustProxyError } from '../../src/http/trusted-proxies';
import { startTestServer, type TestServer } from '../support/test-server';

/** A sign-in form post with a wrong key of a prefix of its own (so only the address counts), as curl sends it. */
function wrongSignIn(server: TestServer, headers: Record<string, string>) {
  return fetch(`${server.url}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ api_key: crypto.randomUUID() }),
  });
}

/** Statuses of `count` wrong sign-ins, each with an `X-Forwarded-For` of its own. */
async function rotatingSignIns(server: TestServer, count: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await wrongSignIn(server, { 'x-forwarded-for': forwardedFor(i) })).status);
  }
  return statuses;
}

const THROTTLED = [...Array(SIGN_IN_ATTEMPT_LIMIT).fill(401), ...Array(SIGN_IN_ATTEMPT_LIMIT).fill(429)];

// Issue 29, finding 4 (a): with --public-url set, the sign-in throttle took the client from the
// last X-Forwarded-For entry, so a client that wrote its own got 20 x 401 and no 429.
describe('--trust-proxy: forwarded headers count only from the proxies it names', () => {
  let proxied: TestServer;
  let trusting: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ publicUrl: 'https://dash.example' });
    trusting = await startTestServer({ trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await proxied?.close();
    await trusting?.close();
  });

  it('without it, X-Forwarded-For is anyone\u2019s to write: a client rotating it is still one address', async () => {
    expect(await rotatingSignIns(proxied, 2 * SIGN_IN_ATTEMPT_LIMIT, (i) => `203.0.113.${i + 1}`)).toEqual(
      THROTTLED,
    );
  });

  it('with it, each forwarded client counts apart, and entries left of the trusted chain count for nothing', async () => {
    // The proxy on loopback forwards ten clients: ten wrong keys each, no one is stopped by another.
    for (let client = 1; client <= 3; client++) {
      const statuses = await rotatingSignIns(trusting, SIGN_IN_ATTEMPT_LIMIT, () => `192.0.2.${client}`);
      expect(statuses, `client ${client}`).toEqual(Array(SIGN_IN_ATTEMPT_LIMIT).fill(401));
    }
    // A client that writes its own X-Forwarded-For before the proxy appends its address gains nothing.
    const spoofing = await rotatingSignIns(
      trusting,
      2 * SIGN_IN_ATTEMPT_LIMIT,
      (i) => `203.0.113.${i + 1}, 198.51.100.7`,
    );
    expect(spoofing).toEqual(THROTTLED);
  });

  it('takes X-Forwarded-Proto and -Host from a trusted proxy only', async () => {
    const host = `localhost:${new URL(trusting.url).port}`;
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': host };
    const fromProxy = await fetch(`${trusting.url}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `https://${host}`,
        ...headers,
      },
      body: new URLSearchParams({ api_key: trusting.demo.api_key }),
    });
    expect(fromProxy.status).toBe(303);
    // The browser reached https://localhost:<port>: the cookie is Secure and bound to that host.
    expect(fromProxy.headers.get('set-cookie')).toMatch(/^__Host-rq_session=.*; Secure$/);

    const direct = await startTestServer();
    try {
      const ignored = await fetch(`${direct.url}/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ api_key: direct.demo.api_key }),
      });
      expect(ignored.status).toBe(303);
      expect(ignored.headers.get('set-cookie')).toMatch(
        /^rq_session_\d+=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/,
      );
    } finally {
      await direct.close();
    }
  });

  it('serves a forwarded host only if the Host allow-list does', async () => {
    const answer = await fetch(`${trusting.url}/healthz`, {
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(answer.status).toBe(421);
    expect(await answer.text()).toContain('evil.example');
    const host = `localhost:${new URL(trusting.url).port}`;
    const allowed = await fetch(`${trusting.url}/healthz`, { headers: { 'x-forwarded-host': host } });
    expect(allowed.status).toBe(200);
  });
});

describe('TrustedProxies', () => {
  const read = (option: string[] | number, peer: string, forwardedFor?: string) =>
    TrustedProxies.parse(option).read(peer, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

  it('walks X-Forwarded-For from the peer while the hops are trusted, by address, range or name', () => {
    expect(read(['loopback'], '127.0.0.1', '203.0.113.9').clientAddress).toBe('203.0.113.9');
    expect(read(['loopback'], '::ffff:127.0.0.1', '203.0.113.9').clientAddress).toBe('203.0.113.9');
    expect(
      read(['loopback', '10.0.0.0/8'], '127.0.0.1', '1.1.1.1, 203.0.113.9, 10.1.2.3').clientAddress,
    ).toBe('203.0.113.9');
    expect(read(['uniquelocal'], '192.168.1.2', 'fd00::1, 203.0.113.9').clientAddress).toBe('203.0.113.9');
    expect(read(['linklocal,192.0.2.5'], '192.0.2.5', '169.254.0.1').clientAddress).toBe('169.254.0.1');
    // An untrusted peer is the client, whatever it forwards.
    expect(read(['10.0.0.0/8'], '127.0.0.1', '203.0.113.9').clientAddress).toBe('127.0.0.1');
    // Every hop trusted: the farthest address is the client.
    expect(read(['loopback'], '127.0.0.1', '127.0.0.2').clientAddress).toBe('127.0.0.2');
  });

  it('with a hop count, trusts that many hops whatever their address', () => {
    expect(read(1, '192.0.2.1', '1.1.1.1, 203.0.113.7').clientAddress).toBe('203.0.113.7');
    expect(read(2, '192.0.2.1', '1.1.1.1, 203.0.113.7').clientAddress).toBe('1.1.1.1');
    expect(read(1, '192.0.2.1').clientAddress).toBe('192.0.2.1');
    expect(TrustedProxies.parse(undefined).read('192.0.2.1', { 'x-forwarded-for': '1.1.1.1' })).toEqual({
      clientAddress: '192.0.2.1',
    });
  });

  it('reads a forwarded protocol and host only when they are what they say', () => {
    const proxies = TrustedProxies.parse(['loopback']);
    expect(
      proxies.read('127.0.0.1', {
        'x-forwarded-proto': 'HTTPS, http',
        'x-forwarded-host': 'api.example.com:8443',
      }),
    ).toEqual({ clientAddress: '127.0.0.1', protocol: 'https', host: 'api.example.com:8443' });
    expect(
      proxies.read('127.0.0.1', {
        'x-forwarded-proto': 'javascript',
        'x-forwarded-host': 'evil.example/path',
      }),
    ).toEqual({ clientAddress: '127.0.0.1' });
  });

  it.each([
    ['0', /hop count alone, from 1 to 32/],
    ['33', /hop count alone, from 1 to 32/],
    ['1,loopback', /hop count alone/],
    ['true', /cannot read "true"/],
    ['10.0.0.0/33', /cannot read "10.0.0.0\/33"/],
    ['10.0.0.0/', /cannot read "10.0.0.0\/"/],
    ['fd00::/129', /cannot read "fd00::\/129"/],
    ['proxy.internal', /cannot read "proxy.internal"/],
  ])('refuses %j, naming --trust-proxy and what it takes', (value, message) => {
    expect(() => TrustedProxies.parse([value])).toThrow(TrustProxyError);
    expect(() => TrustedProxies.parse([value])).toThrow(message);
    expect(() => TrustedProxies.parse([value])).toThrow(/--trust-proxy/);
  });
});
