import { afterEach, describe, expect, it } from 'vitest';
import { APIError, InternalServerError, Rankquill, RankquillError, RateLimitError } from '../../src/index';
import { errorOf } from '../support/error-of';
import { apiError, json, startScriptedServer } from '../support/scripted-server';

const project = { id: 'proj_1', name: 'P' };
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

describe('retries', () => {
  it('retries a 5xx with growing, jittered waits, then gives up with InternalServerError', async () => {
    const server = await scripted((_, __, res) => apiError(res, 502, 'api_error'));
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 2 });
    const error = await client.projects.retrieve('proj_1').catch(errorOf);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, type: 'api_error', requestId: 'req_scripted' });
    expect(server.seen).toHaveLength(3);
    const [a, b, c] = server.seen.map((request) => request.at);
    // Backoff: about 0.5 s, then about 1 s, each up to 25% shorter.
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(370);
    expect((c ?? 0) - (b ?? 0)).toBeGreaterThanOrEqual(740);
  });

  it('retries 408, 500 and 503 and returns the first success', async () => {
    const statuses = [408, 500, 503];
    const server = await scripted((_, index, res) =>
      index < statuses.length ? apiError(res, statuses[index] ?? 500, 'api_error') : json(res, 200, project),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 3 });
    expect(await client.projects.retrieve('proj_1')).toEqual(project);
    expect(server.seen).toHaveLength(4);
  });

  it('waits as long as Retry-After says on a 429', async () => {
    const server = await scripted((_, index, res) =>
      index === 0 ? apiError(res, 429, 'rate_limit_error', { 'retry-after': '1' }) : json(res, 200, project),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    expect(await client.projects.retrieve('proj_1')).toEqual(project);
    const [first, second] = server.seen;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('waits until X-RateLimit-Reset on a 429 without Retry-After', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    const server = await scripted((_, index, res) =>
      index === 0
        ? apiError(res, 429, 'rate_limit_error', {
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(reset),
          })
        : json(res, 200, project),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    await client.projects.retrieve('proj_1');
    expect(server.seen[1]?.at ?? 0).toBeGreaterThanOrEqual(reset * 1000 - 50);
  });

  it('backs off on a 503 with requests remaining, though its X-RateLimit-Reset is now', async () => {
    // Every answer carries the rate-limit headers; while requests remain the reset is "now", which
    // must not turn an outage into retries at once (every client in step).
    const server = await scripted((_, index, res) =>
      index === 0
        ? apiError(res, 503, 'api_error', {
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '5',
            'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)),
          })
        : json(res, 200, project),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    expect(await client.projects.retrieve('proj_1')).toEqual(project);
    const [first, second] = server.seen;
    // The first backoff (0.5 s) less at most its 25% jitter.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(375);
  });

  it('lets Retry-After win over the reset of a spent limit', async () => {
    const server = await scripted((_, index, res) =>
      index === 0
        ? apiError(res, 503, 'api_error', {
            'retry-after': '1',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 30),
          })
        : json(res, 200, project),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    await client.projects.retrieve('proj_1');
    const waited = (server.seen[1]?.at ?? 0) - (server.seen[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(5_000);
  });

  it('throws RateLimitError with retryAfter when the retries run out', async () => {
    const server = await scripted((_, __, res) =>
      apiError(res, 429, 'rate_limit_error', { 'retry-after': '0' }),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 1 });
    const error = await client.projects.list().catch(errorOf);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(0);
    expect(server.seen).toHaveLength(2);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const server = await scripted((_, __, res) => apiError(res, 422, 'invalid_request_error'));
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const error = await client.projects.retrieve('proj_1').catch(errorOf);
    expect(error.constructor).toBe(APIError);
    expect(error.status).toBe(422);
    expect(server.seen).toHaveLength(1);
  });

  it('honours maxRetries per call, and 0 turns retries off', async () => {
    const server = await scripted((_, __, res) => apiError(res, 500, 'api_error', { 'retry-after': '0' }));
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 5 });
    await expect(client.projects.retrieve('proj_1', { maxRetries: 0 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(server.seen).toHaveLength(1);
  });

  it('sends one Idempotency-Key on every attempt of a POST, and a new one per call', async () => {
    const server = await scripted((_, index, res) =>
      index === 0 ? apiError(res, 503, 'api_error', { 'retry-after': '0' }) : json(res, 201, project),
    );
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    await client.projects.create({ name: 'P', domain: 'p.example' });
    await client.projects.create({ name: 'P', domain: 'p.example' });
    const keys = server.seen.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^rq-sdk-[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(server.seen[0]?.body).toBe(JSON.stringify({ name: 'P', domain: 'p.example' }));
    expect(server.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('never sends an Idempotency-Key on GET, PUT or DELETE', async () => {
    const server = await scripted((_, __, res) => json(res, 200, project));
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    await client.projects.retrieve('proj_1');
    await client.projects.update('proj_1', { name: 'Q' });
    await client.projects.delete('proj_1');
    expect(server.seen.map((request) => request.headers['idempotency-key'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reports retries and failures to the logger', async () => {
    const lines: string[] = [];
    const log = (message: string, details?: Record<string, unknown>) =>
      lines.push(`${message} ${JSON.stringify(details)}`);
    const server = await scripted((_, __, res) => apiError(res, 500, 'api_error', { 'retry-after': '0' }));
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: server.baseURL,
      maxRetries: 1,
      logger: { debug: log, info: log, warn: log, error: log },
    });
    await client.projects.retrieve('proj_1').catch(() => undefined);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/Retrying .*"retryCount":1.*status 500/);
    expect(lines[1]).toMatch(/failed .*InternalServerError/);
  });

  it('explains a non-JSON error body and a non-JSON success body', async () => {
    const server = await scripted((_, index, res) => {
      res.writeHead(index === 0 ? 400 : 200, { 'content-type': 'text/html' });
      res.end('<h1>proxy page</h1>');
    });
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const error = await client.projects.retrieve('proj_1').catch(errorOf);
    expect(error).toBeInstanceOf(APIError);
    expect(error.message).toBe('400: <h1>proxy page</h1>');
    const parseError = await client.projects.retrieve('proj_1').catch(errorOf);
    expect(parseError).toBeInstanceOf(RankquillError);
    expect(parseError.message).toMatch(/not JSON.*baseURL/);
  });
});

describe('a Retry-After beyond a minute', () => {
  it('is not waited for: RateLimitError comes at once with retryAfter', async () => {
    const server = await startScriptedServer((_, __, res) =>
      apiError(res, 429, 'rate_limit_error', { 'retry-after': '3600' }),
    );
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const started = Date.now();
    const error = await client.projects.list().catch(errorOf);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(3600);
    expect(server.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
