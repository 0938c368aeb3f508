import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTICLE_PAGE_CSP } from '@rankquill/webhooks';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../../mock-server/test/support/cli-process';
import { largestArticle } from '../../packages/webhooks/scripts/vectors/receiver-limits.mjs';
import {
  type GuideServer,
  guideSnippets,
  type ProxiedDelivery,
  startGuideServer,
  startVerifyingProxy,
} from './support/guide-servers';
import { REPO_ROOT } from './support/markdown-files';

// The framework matrix: each guide of docs/webhooks.md runs as written in its framework's server,
// and gets real deliveries from one reference server, through a proxy that has each verified by
// the Standard Webhooks libraries, plus the requests it must refuse.
const GUIDE = 'docs/webhooks.md';
const FRAMEWORKS = ['Express 5', 'Node `http`', 'Next.js route handler', 'Hono'];
const SECRET = 'framework-guides-secret';
const limits = JSON.parse(
  readFileSync(join(REPO_ROOT, 'packages/contract/vectors/receiver-limits.json'), 'utf8'),
);

interface Setup {
  projectId: string;
  signingSecret: string;
  server: GuideServer;
  deliveries: ProxiedDelivery[];
  closeProxy: () => Promise<void>;
}

let reference: CliProcess | undefined;
const setups = new Map<string, Setup>();
const directory = mkdtempSync(join(tmpdir(), 'rankquill-guides-'));

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
async function api(method: string, path: string, body?: unknown): Promise<any> {
  if (!reference) throw new Error('the reference server did not start');
  const response = await fetch(`${reference.ready.url}/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${reference.ready.demo.api_key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

async function advance(seconds: number) {
  await fetch(`${reference?.ready.url}/__admin/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
}

/** Reads until `done` holds; fails after `ms`. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() - started > ms) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function setUp(framework: string, snippets: string[]): Promise<Setup> {
  const project = await api('POST', '/projects', {
    name: framework,
    domain: 'guides.example',
    // The longest language code, so that the largest delivery below is the largest there is.
    language: 'abc-DE',
  });
  let target = '';
  let signingSecret = '';
  const proxy = await startVerifyingProxy(
    () => target,
    () => signingSecret,
  );
  const set = await api('PUT', `/projects/${project.id}`, {
    webhook: { url: `${proxy.url}/webhook`, secret: SECRET },
  });
  signingSecret = set.webhook.signing_secret;
  try {
    const server = await startGuideServer(framework, snippets, {
      RANKQUILL_WEBHOOK_SECRET: SECRET,
      RANKQUILL_WEBHOOK_SIGNING_SECRET: signingSecret,
      ARTICLES_DB: join(directory, `${randomUUID()}.db`),
    });
    target = server.url;
    return {
      projectId: project.id,
      signingSecret,
      server,
      deliveries: proxy.deliveries,
      closeProxy: proxy.close,
    };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

beforeAll(async () => {
  const snippets = guideSnippets(GUIDE, 'docs/test/framework-guides.test.ts');
  expect([...snippets.keys()]).toEqual(FRAMEWORKS);
  reference = await startCli(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
  const started = await Promise.allSettled(
    FRAMEWORKS.map(async (framework) =>
      setups.set(framework, await setUp(framework, snippets.get(framework) ?? [])),
    ),
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 180_000);

afterAll(async () => {
  await Promise.all(
    [...setups.values()].map((setup) => Promise.all([setup.server.stop(), setup.closeProxy()])),
  );
  await reference?.stop();
  rmSync(directory, { recursive: true, force: true });
});

const article = { title: 'Cold brew ratio', slug: 'cold-brew-ratio', content: '<p>1:8</p>' };

/** A delivery posted straight to the guide's server, signed by `sign` unless `signature` is given. */
async function deliver(
  setup: Setup,
  {
    body = JSON.stringify(article),
    key = SECRET,
    sign = (id: string, at: Date, payload: string) =>
      new StandardWebhook(setup.signingSecret).sign(id, at, payload),
    tamper = false,
  }: {
    body?: string;
    key?: string;
    sign?: (id: string, at: Date, payload: string) => string;
    tamper?: boolean;
  } = {},
) {
  const id = `msg_${randomUUID()}`;
  const at = new Date();
  const signature = sign(id, at, body);
  const response = await fetch(`${setup.server.url}/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-key': key,
      'x-service-event': 'content.published',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': tamper ? `${signature.slice(0, -6)}AAAAA=` : signature,
    },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe.each(FRAMEWORKS)('the %s guide, run as written', (framework) => {
  const setup = () => {
    const found = setups.get(framework);
    if (!found) throw new Error(`${framework} did not start`);
    return found;
  };

  it('answers GET with 405 and Allow: POST, also after a malformed request target', async () => {
    const { port } = new URL(setup().server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end('GET //[ HTTP/1.1\r\nHost: guide\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 \d{3} /); // any answer: the server lives on
    const answer = await fetch(`${setup().server.url}/webhook`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(await answer.json()).toEqual({ error: expect.stringContaining('Method GET not allowed') });
  });

  it('publishes a real delivery from the reference server, and serves its page at the URL it answered', async () => {
    const { projectId, server } = setup();
    const content = await api('POST', `/projects/${projectId}/content`, {
      keyword: `${framework} webhooks`,
      length: 300,
    });
    await advance(60);
    await api('POST', `/projects/${projectId}/content/${content.id}/publish`);
    const item = await eventually(
      () => api('GET', `/projects/${projectId}/content/${content.id}`),
      (current) => current.published_url !== null,
    );
    expect(item.published_url).toBe(`/abc-DE/resources/blog/${item.slug}`);
    const page = await fetch(`${server.url}${item.published_url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(ARTICLE_PAGE_CSP);
    expect(await page.text()).toContain(`<h1>${item.title}</h1>`);
  });

  it('accepts a delivery signed by npm standardwebhooks, and one signed by svix', async () => {
    expect(await deliver(setup())).toEqual({
      status: 200,
      body: { success: true, url: '/en/resources/blog/cold-brew-ratio' },
    });
    const svix = await deliver(setup(), {
      sign: (id, at, payload) => new SvixWebhook(setup().signingSecret).sign(id, at, payload),
    });
    expect(svix.status).toBe(200);
  });

  it('refuses a wrong key (401), a missing field (400) and a tampered signature (401)', async () => {
    expect((await deliver(setup(), { key: 'a guess' })).status).toBe(401);
    const missing = await deliver(setup(), {
      body: JSON.stringify({ title: 'No slug', content: '<p>x</p>' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('slug');
    const tampered = await deliver(setup(), { tamper: true });
    expect(tampered.status).toBe(401);
    expect(tampered.body.error).toContain('webhook-signature');
  });

  it('refuses a 5 MiB body with 413', async () => {
    const body = JSON.stringify({ ...article, content: 'x'.repeat(5 * 1024 * 1024) });
    const answer = await deliver(setup(), { body });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toContain(`limit of ${limits.max_body_bytes} bytes`);
  });

  it('takes the largest delivery the service can send, then an unpublish removes the page', async () => {
    const { projectId, server, deliveries } = setup();
    const [published] = (await api('GET', `/projects/${projectId}/content?status=published`)).data;
    // The language comes from the project (abc-DE); every other field at its longest.
    const { language: _language, ...largest } = largestArticle();
    await api('PUT', `/projects/${projectId}/content/${published.id}`, largest);
    const updated = await eventually(
      async () =>
        deliveries.find((delivery) => delivery.event === 'content.updated' && delivery.status !== 0),
      (delivery) => delivery !== undefined,
    );
    expect(updated).toMatchObject({ bytes: limits.largest_delivery_bytes, status: 200 });
    const url = `/abc-DE/resources/blog/${'a'.repeat(200)}`;
    // The receiver has answered; the server records the URL it answered just after.
    const item = await eventually(
      () => api('GET', `/projects/${projectId}/content/${published.id}`),
      (current) => current.published_url === url,
    );
    expect(item.published_url).toBe(url);
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    await api('POST', `/projects/${projectId}/content/${published.id}/unpublish`);
    await eventually(
      async () =>
        deliveries.filter((delivery) => delivery.event === 'content.unpublished' && delivery.status !== 0),
      (found) => found.length === 1,
    );
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });

  it('had every delivery of the reference server verified by standardwebhooks and svix, and accepted it', () => {
    const events = setup().deliveries.map((delivery) => delivery.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'content.generated',
        'content.published',
        'content.updated',
        'content.unpublished',
      ]),
    );
    for (const delivery of setup().deliveries) {
      expect(delivery, delivery.event).toMatchObject({
        standardwebhooks: 'verified',
        svix: 'verified',
        status: 200,
      });
    }
  });
});
