import { afterEach, describe, expect, it, vi } from 'vitest';
import Rankquill, { Rankquill as NamedRankquill, RankquillError } from '../src/index';

afterEach(() => vi.unstubAllEnvs());

describe('new Rankquill()', () => {
  it('reads RANKQUILL_API_KEY and RANKQUILL_BASE_URL when no options are given', async () => {
    vi.stubEnv('RANKQUILL_API_KEY', 'rq_from_env');
    vi.stubEnv('RANKQUILL_BASE_URL', 'https://api.example.test/v1/');
    const seen: Request[] = [];
    const client = new Rankquill({
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return Response.json({ id: 'proj_1' });
      },
    });
    expect(client.baseURL).toBe('https://api.example.test/v1');
    expect(client.maxRetries).toBe(2);
    expect(client.timeout).toBe(60_000);
    await client.projects.retrieve('proj_1');
    expect(seen[0]?.url).toBe('https://api.example.test/v1/projects/proj_1');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer rq_from_env');
  });

  it('prefers options over the environment', () => {
    vi.stubEnv('RANKQUILL_API_KEY', 'rq_from_env');
    vi.stubEnv('RANKQUILL_BASE_URL', 'https://env.example.test/v1');
    const client = new NamedRankquill({ apiKey: 'k', baseURL: 'http://127.0.0.1:4010/v1', maxRetries: 0 });
    expect(client.baseURL).toBe('http://127.0.0.1:4010/v1');
    expect(client.maxRetries).toBe(0);
  });

  it('fails at construction, saying what to set, when the key is missing', () => {
    vi.stubEnv('RANKQUILL_API_KEY', '');
    expect(() => new Rankquill({ baseURL: 'http://127.0.0.1:4010/v1' })).toThrow(RankquillError);
    expect(() => new Rankquill({ baseURL: 'http://127.0.0.1:4010/v1' })).toThrow(/RANKQUILL_API_KEY/);
  });

  it('fails at construction for a missing or malformed base URL and bad numbers', () => {
    vi.stubEnv('RANKQUILL_BASE_URL', '');
    expect(() => new Rankquill({ apiKey: 'k' })).toThrow(/RANKQUILL_BASE_URL/);
    expect(() => new Rankquill({ apiKey: 'k', baseURL: 'api.example.test/v1' })).toThrow(
      /not an absolute URL/,
    );
    expect(() => new Rankquill({ apiKey: 'k', baseURL: 'ftp://x.test/v1' })).toThrow(/http or https/);
    expect(() => new Rankquill({ apiKey: 'k', baseURL: 'http://x.test/v1', maxRetries: -1 })).toThrow(
      /maxRetries must be an integer of 0 or more/,
    );
    expect(() => new Rankquill({ apiKey: 'k', baseURL: 'http://x.test/v1', timeout: 0 })).toThrow(/timeout/);
  });

  it('exposes the error classes on the client class, as openai-node does', () => {
    expect(new Rankquill.NotFoundError(404, {}, new Headers())).toBeInstanceOf(Rankquill.APIError);
    expect(new Rankquill.APIConnectionTimeoutError()).toBeInstanceOf(Rankquill.APIConnectionError);
    expect(new Rankquill.APIUserAbortError()).toBeInstanceOf(Rankquill.RankquillError);
  });
});
