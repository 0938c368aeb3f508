import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MockServer, startMockServer } from '../../../mock-server/src/testing/start-mock-server';
import { PublicArticles } from '../../public-articles/src/index';
import { Rankquill } from '../../sdk/src/index';
import { APIResource } from '../../sdk/src/resources/api-resource';
import { CLIENT_POLICY, OPERATIONS, type OperationSpec } from '../src/generated/operations';

// Driven by the generated operation table alone: every public method of a client is called, each
// request it sends is matched to the table's operations, and every operation of the client's kind
// must be reached. An operation added to the contract fails here until a method calls it.

type Kind = OperationSpec['client'];

const ORIGIN = 'https://api.example.test';
const BASE_PATHS: Record<OperationSpec['base'], string> = {
  api: CLIENT_POLICY.basePaths.api,
  'public-article-api': CLIENT_POLICY.basePaths.publicArticleApi,
  server: '',
};

const table = Object.entries(OPERATIONS).map(([id, spec]: [string, OperationSpec]) => ({
  id,
  spec,
  pattern: new RegExp(`^${BASE_PATHS[spec.base]}${spec.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** The operation a request is, or `undefined`; a literal segment beats a placeholder (`content/export`). */
function operationOf(method: string, url: string): string | undefined {
  const { pathname } = new URL(url);
  const matches = table.filter((row) => row.spec.method === method && row.pattern.test(pathname));
  matches.sort((a, b) => a.spec.pathParams.length - b.spec.pathParams.length);
  return matches[0]?.id;
}

/** The table's operations of `kind`. */
function operationsOf(kind: Kind): string[] {
  return table.filter((row) => row.spec.client === kind).map((row) => row.id);
}

/**
 * Calls every method reachable from `root` (its own and its prototypes' up to `APIResource`, and
 * those of the resources it holds), each with `argument` for every declared parameter. What they
 * answer or throw does not matter here: only the requests they send.
 */
async function callEveryMethod(root: object, argument: string, skip: readonly string[] = []): Promise<void> {
  const seen = new Set<object>();
  const visit = async (target: object): Promise<void> => {
    if (seen.has(target)) return;
    seen.add(target);
    for (const name of methodNames(target)) {
      if (skip.includes(name)) continue;
      const value = (target as Record<string, unknown>)[name];
      if (typeof value === 'function') {
        const args = Array.from({ length: value.length }, () => argument);
        await Promise.resolve()
          .then(() => value.apply(target, args))
          .catch(() => undefined);
      } else if (value instanceof APIResource) {
        await visit(value);
      }
    }
  };
  await visit(root);
}

function methodNames(target: object): string[] {
  const names = new Set(Object.keys(target));
  for (
    let prototype = Object.getPrototypeOf(target);
    prototype && prototype !== Object.prototype && prototype !== APIResource.prototype;
    prototype = Object.getPrototypeOf(prototype)
  ) {
    for (const name of Object.getOwnPropertyNames(prototype)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

/** A fetch that records `method url` and answers JSON every method can read. */
function recordingFetch(sent: { method: string; url: string }[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: request.url });
    return Response.json({
      id: 'x',
      status: 'ready',
      data: [],
      articles: [],
      article: {},
      pagination: { limit: 10, offset: 0, count: 0, total: 0, has_more: false },
    });
  };
}

function expectCoverage(kind: Kind, sent: { method: string; url: string }[]): void {
  const reached = sent.map(({ method, url }) => ({
    request: `${method} ${url}`,
    id: operationOf(method, url),
  }));
  const unknown = reached.filter(
    ({ id }) => id === undefined || OPERATIONS[id as keyof typeof OPERATIONS].client !== kind,
  );
  expect(unknown, `requests that are no operation of the ${kind} client in the table`).toEqual([]);
  const missing = operationsOf(kind).filter((id) => !reached.some((call) => call.id === id));
  expect(missing, `operations of the ${kind} client that no method calls`).toEqual([]);
}

describe('every operation of the table has a client method', () => {
  it('main: @rankquill/sdk', async () => {
    const sent: { method: string; url: string }[] = [];
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: `${ORIGIN}/v1`,
      maxRetries: 0,
      fetch: recordingFetch(sent),
    });
    // An absolute download URL is also an id, a body and options: every method sends something.
    await callEveryMethod(client, `${ORIGIN}/v1/projects/p1/exports/e1/download`);
    expectCoverage('main', sent);
  });

  it('public-articles: @rankquill/public-articles', async () => {
    const sent: { method: string; url: string }[] = [];
    const client = new PublicArticles({
      apiKey: 'k',
      baseURL: `${ORIGIN}/public-article-api`,
      maxRetries: 0,
      fetch: recordingFetch(sent),
    });
    await callEveryMethod(client, 'cnt_1');
    expectCoverage('public-articles', sent);
  });

  describe('testing: startMockServer', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer();
    });
    afterAll(async () => server.close());

    it('calls every admin operation', async () => {
      const sent: { method: string; url: string }[] = [];
      const realFetch = globalThis.fetch;
      const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).origin === server.url)
          sent.push({ method: request.method, url: request.url });
        return realFetch(input, init);
      });
      try {
        const mock = await server.freshAccount();
        sent.length = 0;
        // close() stops the server the other methods call; it is no operation.
        await callEveryMethod(mock, '1', ['close']);
      } finally {
        spy.mockRestore();
      }
      // Its main API calls (projects.create, deliveries.list) set up and read an account.
      expectCoverage(
        'testing',
        sent.filter(({ url }) => !new URL(url).pathname.startsWith(BASE_PATHS.api)),
      );
    });
  });
});
