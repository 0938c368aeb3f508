import { describe, expect, it } from 'vitest';
import * as PublicArticlesPackage from '../../public-articles/src/index';
import * as SdkPackage from '../../sdk/src/index';
import { json, type SeenRequest } from '../../sdk/tests/support/scripted-server';
import { rejectionOf } from './support/clients';
import { scriptedServers } from './support/servers';

const API_KEY = 'sk_test_redirect_0123456789';
const PUBLIC_KEY = 'pk_test_redirect_0123456789';
const WEBHOOK_SECRET = 'whk_secret_never_elsewhere_42';

/** What a client is handed as `fetch`: the runtime's own, or a user's wrapper around it. */
const FETCHES: { name: string; fetch: typeof fetch | undefined }[] = [
  { name: 'the global fetch', fetch: undefined },
  { name: 'a custom fetch passing (input, init) on', fetch: (input, init) => fetch(input, init) },
  {
    name: 'a custom fetch that builds a Request',
    fetch: (input, init) => fetch(new Request(input, init)),
  },
];

const STATUSES = [301, 302, 303, 307, 308];

/** A call of one client at `baseURL`, with the key or secret it must never send elsewhere. */
const CALLS = [
  {
    name: '@rankquill/sdk projects.update with a webhook secret',
    secret: WEBHOOK_SECRET,
    Error: SdkPackage.CrossOriginRedirectError,
    run: (baseURL: string, custom: typeof fetch | undefined) =>
      new SdkPackage.Rankquill({ apiKey: API_KEY, baseURL, fetch: custom }).projects.update('proj_1', {
        webhook: { url: 'https://hooks.example/rankquill', secret: WEBHOOK_SECRET },
      }),
  },
  {
    name: '@rankquill/sdk projects.list',
    secret: API_KEY,
    Error: SdkPackage.CrossOriginRedirectError,
    run: (baseURL: string, custom: typeof fetch | undefined) =>
      new SdkPackage.Rankquill({ apiKey: API_KEY, baseURL, fetch: custom }).projects.list(),
  },
  {
    name: '@rankquill/sdk exports.download of a signed link',
    secret: 'signature=sig_0123456789abcdef',
    Error: SdkPackage.CrossOriginRedirectError,
    run: (baseURL: string, custom: typeof fetch | undefined) =>
      new SdkPackage.Rankquill({ apiKey: API_KEY, baseURL, fetch: custom }).exports.download(
        `${new URL(baseURL).origin}/v1/exports/exp_1/download?expires=9999999999&signature=sig_0123456789abcdef`,
      ),
  },
  {
    name: '@rankquill/public-articles list',
    secret: PUBLIC_KEY,
    Error: PublicArticlesPackage.CrossOriginRedirectError,
    run: (baseURL: string, custom: typeof fetch | undefined) =>
      new PublicArticlesPackage.PublicArticles({
        apiKey: PUBLIC_KEY,
        baseURL: baseURL.replace(/\/v1$/, '/public-article-api'),
        fetch: custom,
      }).list(),
  },
];

const startServer = scriptedServers();

/** The other origin: a server on another port that records what reaches it. */
async function otherOrigin() {
  return startServer((_request, _index, response) => json(response, 200, { data: [] }));
}

/** The API's address, answering every request with `status` and `Location: <target><its path>`. */
async function redirecting(status: number, target: string) {
  return startServer((request, _index, response) => {
    response.writeHead(status, { location: `${target}${request.url}`, 'content-length': '0' });
    response.end();
  });
}

function everything(seen: SeenRequest[]): string {
  return JSON.stringify(seen);
}

describe.each(CALLS)('$name', (call) => {
  describe.each(FETCHES)('through $name', ({ fetch: custom }) => {
    it.each(STATUSES)('refuses a %i to another origin, which receives nothing', async (status) => {
      const other = await otherOrigin();
      const otherURL = new URL(other.baseURL).origin;
      const api = await redirecting(status, otherURL);
      const apiOrigin = new URL(api.baseURL).origin;

      const error = await rejectionOf(call.run(api.baseURL, custom));

      expect(other.seen).toEqual([]);
      expect(error).toBeInstanceOf(call.Error);
      expect(error).toMatchObject({ status, fromOrigin: apiOrigin, toOrigin: otherURL });
      expect(error.message).toContain(
        `at ${apiOrigin} answered ${status}, a redirect to another origin, ${otherURL}`,
      );
      expect(error.message).not.toContain(call.secret);
      // The API's address saw the one request, never retried: a redirect answers the same again.
      expect(api.seen).toHaveLength(1);
      expect(everything(api.seen)).toContain(call.secret);
    });
  });
});

describe('a redirect within the origin', () => {
  it('is not followed either: the base URL answers the wrong-address error, the target sees nothing', async () => {
    const api = await startServer((request, _index, response) => {
      if (request.url.startsWith('/elsewhere')) return json(response, 200, { data: [] });
      response.writeHead(307, { location: `/elsewhere${request.url}`, 'content-length': '0' });
      response.end();
    });
    const error = await rejectionOf(
      new SdkPackage.Rankquill({
        apiKey: API_KEY,
        baseURL: api.baseURL,
        maxRetries: 0,
      }).projects.update('proj_1', { webhook: { url: 'https://hooks.example/x', secret: WEBHOOK_SECRET } }),
    );
    expect(error).toBeInstanceOf(SdkPackage.APIError);
    expect(error).toMatchObject({ status: 307 });
    expect(error.message).toMatch(/answered 307 \(a redirect to \/elsewhere\/v1\/projects\/proj_1\)/);
    expect(api.seen.map((request) => request.url)).toEqual(['/v1/projects/proj_1']);
  });
});

describe('a custom fetch that follows redirects itself', () => {
  it('cannot be stopped, but the call still fails with the error naming both origins', async () => {
    const other = await otherOrigin();
    const otherURL = new URL(other.baseURL).origin;
    const api = await redirecting(302, otherURL);
    // Drops `redirect: 'manual'` (and everything else but method and headers): it follows.
    const following: typeof fetch = (input, init) =>
      fetch(input instanceof Request ? input.url : input, { method: 'GET', headers: init?.headers ?? {} });
    const error = await rejectionOf(
      new SdkPackage.Rankquill({
        apiKey: API_KEY,
        baseURL: api.baseURL,
        fetch: following,
      }).projects.list(),
    );
    expect(error).toBeInstanceOf(SdkPackage.CrossOriginRedirectError);
    expect(error).toMatchObject({ fromOrigin: new URL(api.baseURL).origin, toOrigin: otherURL });
    expect(error.message).toContain(
      "the custom fetch followed it there with its headers and body. Pass a fetch that honours `redirect: 'manual'`",
    );
    expect(other.seen).toHaveLength(1);
  });
});

describe('in a browser', () => {
  it("names an 'opaqueredirect' answer, whose target the browser hides, as a redirect", async () => {
    // What a browser's fetch answers for `redirect: 'manual'`: status 0, no headers, no URL.
    const opaque: typeof fetch = async () =>
      Object.defineProperties(new Response(null), {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
        ok: { value: false },
      });
    const error = await rejectionOf(
      new SdkPackage.Rankquill({
        apiKey: API_KEY,
        baseURL: 'https://rankquill.example/v1',
        fetch: opaque,
        maxRetries: 0,
      }).projects.list(),
    );
    expect(error).toBeInstanceOf(SdkPackage.APIError);
    expect(error.message).toMatch(/^baseURL https:\/\/rankquill\.example\/v1 answered 0 \(a redirect\): /);
  });
});
