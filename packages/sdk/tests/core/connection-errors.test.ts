import { afterEach, describe, expect, it } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, Rankquill } from '../../src/index';
import { errorOf } from '../support/error-of';
import { json, startScriptedServer, unusedPort } from '../support/scripted-server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('connection errors, timeouts and aborts', () => {
  it('throws APIConnectionError when nothing listens, after retrying', async () => {
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
    const error = await client.projects.list().catch(errorOf);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect(error.message).toMatch(/Could not reach/);
    expect(attempts).toBe(2);
  });

  it('throws APIConnectionTimeoutError when every attempt outlasts the timeout', async () => {
    const server = await startScriptedServer((_, __, res) => {
      setTimeout(() => json(res, 200, {}), 400);
    });
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, timeout: 50, maxRetries: 1 });
    const error = await client.projects.retrieve('proj_1').catch(errorOf);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.seen).toHaveLength(2);
  });

  it('takes a per-call timeout over the client one', async () => {
    const server = await startScriptedServer((_, __, res) => {
      setTimeout(() => json(res, 200, { id: 'proj_1' }), 150);
    });
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, timeout: 50, maxRetries: 0 });
    expect(await client.projects.retrieve('proj_1', { timeout: 2_000 })).toEqual({ id: 'proj_1' });
  });

  it('throws APIUserAbortError when the signal aborts during the request', async () => {
    const controller = new AbortController();
    // Aborted once the server holds the request, however long it took to arrive.
    const server = await startScriptedServer((_, __, res) => {
      controller.abort();
      setTimeout(() => json(res, 200, {}), 1_000);
    });
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const error = await client.projects.list({}, { signal: controller.signal }).catch(errorOf);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.seen).toHaveLength(1);
  });

  it('throws APIUserAbortError when the signal aborts while waiting to retry', async () => {
    const server = await startScriptedServer((_, __, res) =>
      json(res, 503, { error: { type: 'api_error', message: 'busy' } }, { 'retry-after': '30' }),
    );
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const started = Date.now();
    const error = await client.projects.list({}, { signal: AbortSignal.timeout(100) }).catch(errorOf);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.seen).toHaveLength(1);
  });

  it('throws APIUserAbortError at once for a signal that is already aborted', async () => {
    const client = new Rankquill({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' });
    await expect(client.projects.list({}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
  });
});
