import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, unusedPort } from '../../sdk/tests/support/scripted-server';
import { clients, rejectionOf } from './support/clients';
import { referenceServer, scriptedServers } from './support/servers';

const server = referenceServer();
const scripted = scriptedServers();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('both clients', () => {
  it('give an API error the same fields, requestId included', async () => {
    const [sdk, publicArticles] = await Promise.all(
      clients.map((client) => rejectionOf(client.create(client.on(server())).retrieveMissing())),
    );
    for (const error of [sdk, publicArticles]) {
      expect(error).toMatchObject({ status: 404, requestId: expect.stringMatching(/^req_/) });
      expect(error.headers).toBeInstanceOf(Headers);
      expect(error.body).toBeTypeOf('object');
    }
    expect(Object.keys(publicArticles).sort()).toEqual(Object.keys(sdk).sort());
  });
});

describe.each(clients)('$name', (client) => {
  it('words a connection error from the attempts made, never "retried" without a retry', async () => {
    const baseURL = `http://127.0.0.1:${await unusedPort()}/v1`;
    const once = await rejectionOf(client.create({ apiKey: 'k', baseURL, maxRetries: 0 }).list());
    expect(once).toBeInstanceOf(client.errors.APIConnectionError);
    expect(once.message).not.toMatch(/retried/i);
    expect(once.message).toMatch(/\(1 attempt, no retries\)/);
    const thrice = await rejectionOf(client.create({ apiKey: 'k', baseURL, maxRetries: 2 }).list());
    expect(thrice.message).toMatch(/\(3 attempts\)/);
  });

  it('words a timeout from the attempts made, and retries it', async () => {
    const silent = await scripted(() => undefined);
    const error = await rejectionOf(
      client.create({ apiKey: 'k', baseURL: silent.baseURL, timeout: 250, maxRetries: 1 }).list(),
    );
    expect(error).toBeInstanceOf(client.errors.APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(client.errors.APIConnectionError);
    expect(error.message).toMatch(/\(2 attempts\)/);
    // On a loaded runner the server may read the second request after the client gave up on it.
    await vi.waitFor(() => expect(silent.seen).toHaveLength(2), { timeout: 5_000 });
  });

  it('waits for the Retry-After of a 503, then succeeds', async () => {
    const busy = await scripted((_, index, res) =>
      index === 0
        ? json(res, 503, client.errorBody('busy'), { 'retry-after': '1' })
        : json(res, 200, {
            data: [],
            articles: [],
            pagination: { limit: 10, offset: 0, count: 0, total: 0, has_more: false },
          }),
    );
    await client.create({ apiKey: 'k', baseURL: busy.baseURL }).list();
    const [first, second] = busy.seen;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('throws at once when Retry-After asks for more than a minute', async () => {
    const busy = await scripted((_, __, res) =>
      json(res, 503, client.errorBody('down for maintenance'), { 'retry-after': '120' }),
    );
    const started = Date.now();
    const error = await rejectionOf(client.create({ apiKey: 'k', baseURL: busy.baseURL }).list());
    expect(error).toBeInstanceOf(client.errors.InternalServerError);
    expect(error).toMatchObject({ status: 503, message: 'down for maintenance' });
    expect(busy.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses an id of ".." before sending anything', async () => {
    const listening = await scripted((_, __, res) => json(res, 200, {}));
    const error = await rejectionOf(client.callWithDotDotId({ apiKey: 'k', baseURL: listening.baseURL }));
    expect(error).toBeInstanceOf(client.errors.Base);
    expect(error.message).toMatch(/got "\.\." for \w+, which is not an id/);
    expect(listening.seen).toHaveLength(0);
  });

  it('refuses to start in a browser unless dangerouslyAllowBrowser is set', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const options = { apiKey: 'k', baseURL: 'https://api.example.test/v1' };
    expect(() => client.create(options)).toThrow(client.errors.Base);
    expect(() => client.create(options)).toThrow(/refuses to run in a browser.*must stay on the server/);
    expect(() => client.create({ ...options, dangerouslyAllowBrowser: true })).not.toThrow();
  });
});
