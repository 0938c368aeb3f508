// The checks every runtime passes, as vitest tests: the app (tooling/runtimes/app/app.mjs) runs
// in the runtime, the mock server on Node, and each test asks the app to run one check over real
// HTTP and compares what it observed with what the packages document.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, expectedOutput, missingOutput } from '../../../../scripts/readme-snippet.mjs';
import { repo } from '../../../support/packed-packages';
import type { MatrixPackage } from './matrix';
import { type MockServer, startMockServer } from './mock-server';
import type { Listening } from './processes';

/** How a runtime runs a README sample: the file's text, the environment; answers what it printed. */
export type SampleRunner = (code: string, env: Record<string, string>) => Promise<{ printed: string[] }>;

export interface RuntimeUnderTest {
  /** The runtime as the app's /health names it, such as /^deno 2\./. */
  runtime: RegExp;
  packages: readonly MatrixPackage[];
  /** Starts the app in the runtime, in the consumer project. */
  start(): Promise<Listening>;
  /** The consumer project. */
  project: string;
  /** The Node that runs the mock server. */
  mockNode: string;
  /** The mock server's store: `:memory:` (default) or `sqlite`, a file of its own. */
  mockDb?: ':memory:' | 'sqlite';
  /** The store of the receiver that takes the server's delivery (default `memory`). */
  store?: 'memory' | 'sqlite';
  /** What `new Rankquill()` without a key must add to "No API key" (Deno without --allow-env). */
  missingKeyHint?: RegExp;
  /** Runs the README samples of the SDK and public articles, when the runtime runs scripts. */
  runSample?: SampleRunner;
  /** More checks of the same app, after the common ones. */
  more?: (context: () => { app: Listening; server: MockServer }) => void;
}

interface Observed {
  [key: string]: unknown;
}

interface ErrorSeen {
  thrown: boolean;
  name?: string;
  instanceOf?: string[];
  status?: number;
  param?: string;
  message?: string;
  hasRequestId?: boolean;
}

async function call(app: Listening, path: string, body?: unknown): Promise<Observed> {
  const response = await fetch(`${app.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Observed;
  if (response.status !== 200) {
    const { stderr } = app.output();
    throw new Error(
      `${path} answered ${response.status}: ${String(answer.error)}\napp stderr: ${stderr.slice(-3000)}`,
    );
  }
  return answer;
}

function expectError(seen: unknown, name: string, fields: Partial<ErrorSeen> = {}): void {
  const error = seen as ErrorSeen;
  expect(error.thrown, `${name} was not thrown`).toBe(true);
  expect(error.name).toBe(name);
  expect(error.instanceOf).toContain(name);
  expect(error).toMatchObject(fields);
}

interface Vectors {
  receiver: { secret: string; signing_secret: string | null; site_base_url: string };
  cases: Array<{
    id: string;
    now: number;
    receiver?: { site_base_url?: string; signing_secret?: string | null };
    store_before?: Array<Record<string, unknown>>;
    request: { method: string; headers: Record<string, string>; body: string };
    expected: { status: number; body: unknown; store?: Record<string, Record<string, unknown> | null> };
  }>;
}

function readmeSample(packageDir: string) {
  const readme = readFileSync(join(repo, packageDir, 'README.md'), 'utf8');
  const sample = codeSamples(readme).find((block) => block.lang === 'ts');
  if (!sample) throw new Error(`${packageDir}/README.md has no ts sample`);
  return sample.code;
}

/**
 * `it` when the runtime loads the package a test needs, else a test that is not defined at all
 * (a runtime below a package's floor never loads it: nothing to skip).
 */
function itIf(condition: boolean): (name: string, test: () => unknown) => void {
  return condition ? (name, test) => it(name, test) : () => undefined;
}

/** Defines the tests of one runtime: start the server and the app, then every check. */
export function describeRuntime(label: string, runtime: RuntimeUnderTest): void {
  describe(label, () => {
    let server: MockServer;
    let app: Listening;
    let flow: Observed | undefined;
    const has = (name: MatrixPackage) => runtime.packages.includes(name);

    beforeAll(async () => {
      const db = runtime.mockDb === 'sqlite' ? join(runtime.project, `mock-${randomUUID()}.db`) : ':memory:';
      [server, app] = await Promise.all([startMockServer(runtime.mockNode, db), runtime.start()]);
    });
    afterAll(async () => {
      await Promise.all([server?.stop(), app?.stop()]);
    });

    it('runs the app in the runtime, with the packages it loads', async () => {
      const health = await call(app, '/health');
      expect(health.runtime).toMatch(runtime.runtime);
      const loaded = (health.packages as string[]).map((name) =>
        name.replace('publicArticles', 'public-articles'),
      );
      for (const name of runtime.packages) expect(loaded).toContain(name);
    });

    itIf(has('contract'))('contract: parses an event with its schema, checks a signing secret', async () => {
      const vectors = JSON.parse(
        readFileSync(
          join(runtime.project, 'node_modules/@rankquill/contract/vectors/deliveries.json'),
          'utf8',
        ),
      ) as Vectors;
      const deleted = vectors.cases.find((delivery) => delivery.id === 'deleted-removes');
      if (!deleted) throw new Error('no deleted-removes delivery vector');
      const seen = await call(app, '/run/contract', { body: JSON.parse(deleted.request.body) });
      expect(seen).toEqual({
        slug: 'how-to-brew-pour-over-coffee',
        refusesAnEmptyBody: true,
        secretProblem: 'it does not start with "whsec_"',
        signatureHeader: 'webhook-signature',
      });
    });

    itIf(has('sdk'))('sdk: creates, generates, publishes, walks pages and downloads an export', async () => {
      flow = await call(app, '/run/sdk', {
        apiKey: server.ready.demo.api_key,
        baseURL: server.ready.api_base_url,
        adminURL: server.adminURL,
        receiverURL: has('webhooks') ? `${app.url}/webhook` : undefined,
        store: runtime.store ?? 'memory',
      });
      expect(flow).toMatchObject({
        created: 'generating',
        generated: 'draft',
        published: 'published',
        firstPage: { count: 1, hasNextPage: true },
        exportStatus: 'ready',
        exportFile: { holdsTheArticle: true },
      });
      expect(flow.walked).toEqual(flow.expectedWalk);
    });

    itIf(has('sdk'))('sdk: throws its typed errors', async () => {
      const errors = await call(app, '/run/sdk-errors', {
        apiKey: server.ready.demo.api_key,
        baseURL: server.ready.api_base_url,
        projectId: server.ready.demo.project_id,
      });
      expectError(errors.notFound, 'NotFoundError', { status: 404, hasRequestId: true });
      expect((errors.notFound as ErrorSeen).instanceOf).toEqual(
        expect.arrayContaining(['RankquillError', 'APIError']),
      );
      expectError(errors.badRequest, 'BadRequestError', { status: 400, param: 'keyword' });
      expectError(errors.authentication, 'AuthenticationError', { status: 401 });
      expectError(errors.connection, 'APIConnectionError');
      expect((errors.connection as ErrorSeen).instanceOf).toContain('RankquillError');
      expectError(errors.badId, 'RankquillError');
      expect((errors.badId as ErrorSeen).message).toMatch(/projects\.retrieve/);
    });

    itIf(has('sdk'))('sdk: without a key, throws its "No API key" error', async () => {
      const seen = (await call(app, '/run/sdk-missing-key', {})) as unknown as ErrorSeen;
      expectError(seen, 'RankquillError');
      expect(seen.message).toMatch(
        /^No API key: pass `new Rankquill\(\{ apiKey \}\)` or set the RANKQUILL_API_KEY/,
      );
      if (runtime.missingKeyHint) expect(seen.message).toMatch(runtime.missingKeyHint);
    });

    itIf(has('public-articles'))('public-articles: lists, walks the pages, retrieves', async () => {
      const seen = await call(app, '/run/public-articles', {
        apiKey: server.ready.demo.public_api_key,
        baseURL: server.ready.content_api_url,
      });
      expect(seen.total).toBeGreaterThan(1);
      expect(seen.walked).toBe(seen.total);
      expect(seen.retrieved).toEqual({ sameId: true, hasContent: true });
      expectError(seen.notFound, 'NotFoundError', { status: 404 });
      expectError(seen.authentication, 'AuthenticationError', { status: 401 });
      expectError(seen.badRequest, 'BadRequestError', { status: 400 });
      expect((seen.badRequest as ErrorSeen).instanceOf).toEqual(
        expect.arrayContaining(['PublicArticlesError', 'APIError']),
      );
    });

    itIf(has('public-articles'))(
      'public-articles: without a key, throws its "No API key" error',
      async () => {
        const seen = (await call(app, '/run/public-articles-missing-key', {})) as unknown as ErrorSeen;
        expectError(seen, 'PublicArticlesError');
        expect(seen.message).toMatch(/^No API key: .*RANKQUILL_PUBLIC_API_KEY/);
        if (runtime.missingKeyHint) expect(seen.message).toMatch(runtime.missingKeyHint);
      },
    );

    itIf(has('webhooks') && has('sdk'))(
      "webhooks: the Fetch receiver takes the server's delivery, and refuses one with another secret",
      () => {
        if (!flow) throw new Error('the sdk flow did not run');
        const slug = flow.slug as string;
        expect(flow.signingSecret).toBe(true);
        expect(flow.delivery).toMatchObject({ status: 'succeeded', attemptStatus: 200 });
        expect((flow.delivery as { answer: string }).answer).toContain(`/en/resources/blog/${slug}`);
        expect(flow.stored).toEqual({ title: true, url: `/en/resources/blog/${slug}` });
        expect(flow.refused).toEqual({ status: 'failed', attemptStatus: 401 });
      },
    );

    itIf(has('webhooks'))(
      'webhooks: the Fetch receiver gives every answer of the shared delivery vectors',
      async () => {
        const vectors = JSON.parse(
          readFileSync(
            join(runtime.project, 'node_modules/@rankquill/contract/vectors/deliveries.json'),
            'utf8',
          ),
        ) as Vectors;
        for (const delivery of vectors.cases) {
          const config = { ...vectors.receiver, ...delivery.receiver };
          await call(app, '/receiver', {
            secret: config.secret,
            signingSecret: config.signing_secret ?? undefined,
            siteBaseUrl: config.site_base_url,
            now: delivery.now,
            storeBefore: delivery.store_before ?? [],
          });
          const response = await fetch(`${app.url}/webhook`, {
            method: delivery.request.method,
            headers: delivery.request.headers,
            body: delivery.request.body,
          });
          expect({ id: delivery.id, status: response.status, body: await response.json() }).toEqual({
            id: delivery.id,
            status: delivery.expected.status,
            body: delivery.expected.body,
          });
          const { articles } = (await call(app, '/articles')) as { articles: Array<{ slug: string }> };
          for (const [slug, expected] of Object.entries(delivery.expected.store ?? {})) {
            const stored = articles.find((article) => article.slug === slug);
            if (expected === null) expect(stored, `${delivery.id}: ${slug}`).toBeUndefined();
            else expect(stored, `${delivery.id}: ${slug}`).toMatchObject(expected);
          }
        }
      },
    );

    if (runtime.runSample) {
      const runSample = runtime.runSample;
      itIf(has('sdk'))('sdk: the README sample runs as written', async () => {
        const code = readmeSample('packages/sdk');
        const { printed } = await runSample(code, {
          RANKQUILL_API_KEY: server.ready.demo.api_key,
          RANKQUILL_BASE_URL: server.ready.api_base_url,
        });
        expect(missingOutput(printed, expectedOutput(code))).toEqual([]);
        expect(printed).toContainEqual(expect.stringMatching(/^cnt_\w+ generating$/));
      });

      itIf(has('public-articles'))('public-articles: the README sample runs as written', async () => {
        const code = readmeSample('packages/public-articles');
        const { printed } = await runSample(code, {
          RANKQUILL_PUBLIC_API_KEY: server.ready.demo.public_api_key,
          RANKQUILL_CONTENT_API_URL: server.ready.content_api_url,
        });
        // The total and a title, a line per article of every page, then the first one's HTML.
        const total = Number(printed[0]?.split(' ')[0]);
        expect(printed[0]).toMatch(/^\d+ \S/);
        expect(total).toBeGreaterThan(1);
        expect(printed.slice(1, 1 + total).every((line) => /^cnt_\w+ \d{4}-\d\d-\d\dT/.test(line))).toBe(
          true,
        );
        expect(printed[1 + total]).toMatch(/^</);
      });
    }

    runtime.more?.(() => ({ app, server }));
  });
}
