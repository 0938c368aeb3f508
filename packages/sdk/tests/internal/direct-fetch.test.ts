import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIPromise,
  APIUserAbortError,
  NotFoundError,
  Rankquill,
  type RequestOptions,
} from '../../src/index';
import { errorOf } from '../support/error-of';
import { apiError, json, startScriptedServer } from '../support/scripted-server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function scripted(...args: Parameters<typeof startScriptedServer>) {
  const server = await startScriptedServer(...args);
  close = server.close;
  return server;
}

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Call = (client: Rankquill, options?: RequestOptions) => APIPromise<unknown>;

// Calls without a body skip ky (see direct-fetch.ts); calls with one go through ky. Both must
// fail, retry and answer alike.
describe.each<[string, Call]>([
  ['without a body (sent with fetch directly)', (c, options) => c.projects.retrieve('proj_1', options)],
  ['with a body (sent through ky)', (c, options) => c.projects.update('proj_1', { name: 'Q' }, options)],
])('a call %s', (_, call) => {
  it('returns the parsed answer and its request id', async () => {
    const server = await scripted((_, __, res) => json(res, 200, { id: 'proj_1' }));
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const { data, requestId } = await call(client).withResponse();
    expect(data).toEqual({ id: 'proj_1' });
    expect(requestId).toBe('req_scripted');
  });

  it('retries a timed-out attempt, then throws APIConnectionTimeoutError', async () => {
    const server = await scripted((_, __, res) => {
      setTimeout(() => json(res, 200, {}), 400);
    });
    // Attempts are counted where they start: on a busy machine a 50 ms attempt may time out
    // before the server has even seen it.
    let attempts = 0;
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: server.baseURL,
      timeout: 50,
      maxRetries: 1,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const error = await call(client).then(() => undefined, errorOf);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(attempts).toBe(2);
  });

  it('retries a refused connection, then throws APIConnectionError', async () => {
    const port = await unusedPort();
    let attempts = 0;
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: `http://127.0.0.1:${port}/v1`,
      maxRetries: 1,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const error = await call(client).then(() => undefined, errorOf);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect(attempts).toBe(2);
  });

  it('throws APIUserAbortError when the signal aborts during the request', async () => {
    const controller = new AbortController();
    // Aborted once the server holds the request, however long it took to arrive.
    const server = await scripted((_, __, res) => {
      controller.abort();
      setTimeout(() => json(res, 200, {}), 1_000);
    });
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const error = await call(client, { signal: controller.signal }).catch(errorOf);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.seen).toHaveLength(1);
  });

  it('waits as long as Retry-After says on a 503, then returns the answer', async () => {
    const server = await scripted((_, index, res) =>
      index === 0
        ? apiError(res, 503, 'api_error', { 'retry-after': '0' })
        : json(res, 200, { id: 'proj_1' }),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    expect(await call(client)).toEqual({ id: 'proj_1' });
    expect(server.seen).toHaveLength(2);
  });

  it('throws the typed error of a 404 with the fields of its body, without retrying', async () => {
    const server = await scripted((_, __, res) => apiError(res, 404, 'not_found_error'));
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const error = await call(client).then(() => undefined, errorOf);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, type: 'not_found_error', requestId: 'req_scripted' });
    expect(error.message).toBe('scripted 404');
    expect(server.seen).toHaveLength(1);
  });

  it('does not retry a failure of the fetch function that is not a network error, and names it', async () => {
    let attempts = 0;
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:9/v1',
      fetch: async () => {
        attempts++;
        throw new Error('tracing is misconfigured');
      },
    });
    const error = await call(client).then(() => undefined, errorOf);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(/before an answer arrived: tracing is misconfigured/);
    expect(attempts).toBe(1);
  });
});

describe('a call sent with fetch directly', () => {
  it('gives the fetch function its own headers object, so a change to it stays in that call', async () => {
    const server = await scripted((_, __, res) => json(res, 200, { id: 'proj_1' }));
    let calls = 0;
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: server.baseURL,
      fetch: (input, init) => {
        if (calls++ === 0) (init?.headers as Record<string, string>)['x-trace'] = 'first';
        return fetch(input, init);
      },
    });
    await client.projects.retrieve('proj_1');
    await client.projects.retrieve('proj_1');
    expect(server.seen.map((request) => request.headers['x-trace'])).toEqual(['first', undefined]);
    expect(server.seen[1]?.headers.authorization).toBe('Bearer k');
  });
});
