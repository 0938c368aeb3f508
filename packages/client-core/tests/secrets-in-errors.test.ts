import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { json, unusedPort } from '../../sdk/tests/support/scripted-server';
import { clients, rejectionOf } from './support/clients';
import { referenceServer, scriptedServers } from './support/servers';
import { everyViewOf } from './support/shown';

// Long enough to be redacted from text, and unmistakable in any output.
const KEY = 'rq_live_SECRET_4f1d2c9a7b';

const server = referenceServer();
const scripted = scriptedServers();

function expectNoKey(error: unknown, key: string) {
  expect(error).toBeInstanceOf(Error);
  for (const view of everyViewOf(error)) expect(view).not.toContain(key);
}

describe.each(clients)('no key in the errors of $name', (client) => {
  it('shows no key for a refused connection, with and without retries', async () => {
    const baseURL = `http://127.0.0.1:${await unusedPort()}/v1`;
    for (const maxRetries of [0, 1]) {
      const error = await rejectionOf(client.create({ apiKey: KEY, baseURL, maxRetries }).list());
      expect(error).toBeInstanceOf(client.errors.APIConnectionError);
      // The runtime's own failure is kept, without the request that carried the key.
      expect(inspect(error, { depth: Number.POSITIVE_INFINITY })).toMatch(/ECONNREFUSED/);
      expectNoKey(error, KEY);
    }
  });

  it('shows no key for a timeout', async () => {
    const silent = await scripted(() => undefined);
    const error = await rejectionOf(
      client.create({ apiKey: KEY, baseURL: silent.baseURL, timeout: 50, maxRetries: 0 }).list(),
    );
    expect(error).toBeInstanceOf(client.errors.APIConnectionTimeoutError);
    expectNoKey(error, KEY);
  });

  it('shows neither the right key nor a wrong one for 4xx answers of the real server', async () => {
    const { baseURL, apiKey } = client.on(server());
    const notFound = await rejectionOf(client.create({ apiKey, baseURL }).retrieveMissing());
    expect(notFound).toMatchObject({ status: 404 });
    expectNoKey(notFound, apiKey);

    const unauthorized = await rejectionOf(client.create({ apiKey: KEY, baseURL }).list());
    expect(unauthorized).toMatchObject({ status: 401 });
    expectNoKey(unauthorized, KEY);
  });

  it('redacts a key that a failing server echoes in its 5xx body', async () => {
    const echo = await scripted((request, _, res) =>
      json(res, 500, client.errorBody(`upstream failed; you sent ${request.headers[client.keyHeader]}`)),
    );
    const error = await rejectionOf(
      client.create({ apiKey: KEY, baseURL: echo.baseURL, maxRetries: 0 }).list(),
    );
    expect(error).toBeInstanceOf(client.errors.InternalServerError);
    expect(error.message).toMatch(/^upstream failed; you sent .*\[redacted\]/);
    expectNoKey(error, KEY);
  });

  it('redacts a key echoed in a 2xx body that is not JSON', async () => {
    const echo = await scripted((request, _, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`not json: ${request.headers[client.keyHeader]}`);
    });
    const error = await rejectionOf(
      client.create({ apiKey: KEY, baseURL: echo.baseURL, maxRetries: 0 }).list(),
    );
    expect(error).toBeInstanceOf(client.errors.Base);
    expect(error.message).toMatch(/not JSON/);
    expectNoKey(error, KEY);
  });

  it('shows no key when the client itself is inspected', () => {
    const { instance } = client.create({ apiKey: KEY, baseURL: 'http://127.0.0.1:9/v1' });
    expect(inspect(instance, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(KEY);
  });
});
