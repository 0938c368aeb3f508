import { afterEach, describe, expect, it } from 'vitest';
import { Rankquill } from '../../src/index';
import { json, startScriptedServer } from '../support/scripted-server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('withResponse and rate-limit headers', () => {
  it('parses X-RateLimit-* into rateLimit', async () => {
    const server = await startScriptedServer((_, __, res) =>
      json(
        res,
        200,
        { id: 'proj_1' },
        {
          'x-ratelimit-limit': '500',
          'x-ratelimit-remaining': '499',
          'x-ratelimit-reset': '1767229200',
        },
      ),
    );
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const { data, rateLimit, requestId } = await client.projects.retrieve('proj_1').withResponse();
    expect(data).toEqual({ id: 'proj_1' });
    expect(requestId).toBe('req_scripted');
    expect(rateLimit).toEqual({ limit: 500, remaining: 499, resetAt: new Date('2026-01-01T01:00:00Z') });
  });

  it('sends the bearer key, default headers and per-call headers; null removes one', async () => {
    const server = await startScriptedServer((_, __, res) => json(res, 200, {}));
    close = server.close;
    const client = new Rankquill({
      apiKey: 'rq_key',
      baseURL: `${server.baseURL}/`,
      defaultHeaders: { 'X-Team': 'growth', 'X-Drop': 'me' },
    });
    await client.projects.retrieve('proj_1', { headers: { 'X-Drop': null, 'X-Call': '1' } });
    const [request] = server.seen;
    expect(request?.url).toBe('/v1/projects/proj_1');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer rq_key',
      accept: 'application/json',
      'x-team': 'growth',
      'x-call': '1',
    });
    expect(request?.headers['x-drop']).toBeUndefined();
  });

  it('can be awaited more than once and with then/catch/finally', async () => {
    const server = await startScriptedServer((_, __, res) => json(res, 200, { id: 'proj_1' }));
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL });
    const promise = client.projects.retrieve('proj_1');
    expect(await promise).toEqual(await promise);
    let finished = false;
    await promise.finally(() => {
      finished = true;
    });
    expect(finished).toBe(true);
    expect((await promise.asResponse()).status).toBe(200);
    expect(server.seen).toHaveLength(1);
  });
});
