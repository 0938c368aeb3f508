import { afterEach, describe, expect, it } from 'vitest';
import { PublicArticles, PublicArticlesError } from '../../public-articles/src/index';
import { Rankquill, RankquillError } from '../../sdk/src/index';

const realEnv = Object.getOwnPropertyDescriptor(process, 'env');
afterEach(() => {
  if (realEnv) Object.defineProperty(process, 'env', realEnv);
});

/** `process.env` as Deno's Node compatibility gives it without `--allow-env`: every read throws. */
function refuseEnv(): void {
  const refusing = new Proxy(
    {},
    {
      get(_, name) {
        const error = new Error(
          `Requires env access to "${String(name)}", run again with the --allow-env flag`,
        );
        error.name = 'NotCapable';
        throw error;
      },
    },
  );
  Object.defineProperty(process, 'env', { value: refusing, configurable: true });
}

function errorOf(make: () => unknown): Error {
  try {
    make();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('a runtime that refuses to read the environment (Deno without --allow-env)', () => {
  it('new Rankquill() throws the "No API key" error, saying how to grant the permission', () => {
    refuseEnv();
    const error = errorOf(() => new Rankquill());
    expect(error).toBeInstanceOf(RankquillError);
    expect(error.message).toMatch(
      /^No API key: pass `new Rankquill\(\{ apiKey \}\)` or set the RANKQUILL_API_KEY/,
    );
    expect(error.message).toContain('The runtime refused to read RANKQUILL_API_KEY (Requires env access');
    expect(error.message).toContain('--allow-env=RANKQUILL_API_KEY,RANKQUILL_BASE_URL');
  });

  it('with a key but no baseURL, the "No base URL" error says the same of RANKQUILL_BASE_URL', () => {
    refuseEnv();
    const error = errorOf(() => new Rankquill({ apiKey: 'rq_test' }));
    expect(error).toBeInstanceOf(RankquillError);
    expect(error.message).toMatch(/^No base URL: pass/);
    expect(error.message).toContain('--allow-env=RANKQUILL_BASE_URL`');
  });

  it('new PublicArticles() throws its "No API key" error too', () => {
    refuseEnv();
    const error = errorOf(() => new PublicArticles());
    expect(error).toBeInstanceOf(PublicArticlesError);
    expect(error.message).toMatch(
      /^No API key: .*RANKQUILL_PUBLIC_API_KEY.*--allow-env=RANKQUILL_PUBLIC_API_KEY,/,
    );
  });

  it('given the key and the address, needs no environment at all', () => {
    refuseEnv();
    expect(() => new Rankquill({ apiKey: 'rq_test', baseURL: 'http://127.0.0.1:1/v1' })).not.toThrow();
  });

  it('where reading is allowed, the messages stay as they were', () => {
    Object.defineProperty(process, 'env', { value: {}, configurable: true });
    expect(errorOf(() => new Rankquill()).message).toBe(
      'No API key: pass `new Rankquill({ apiKey })` or set the RANKQUILL_API_KEY environment variable to the main API key.',
    );
  });
});
