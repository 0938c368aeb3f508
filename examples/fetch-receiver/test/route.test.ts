import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createSignatureHeaders, MemoryArticleStore, type StoredArticle } from '@rankquill/webhooks';
import { describe, expect, it } from 'vitest';
import { serveRoute } from '../src/node-server';
import { createRoute, POST } from '../src/route';

interface Delivery {
  id: string;
  now: number;
  receiver?: { site_base_url?: string; signing_secret?: string | null };
  store_before?: Omit<StoredArticle, 'received_at'>[];
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  expected: { status: number; body: unknown; store?: Record<string, Record<string, unknown> | null> };
}
const vectorsFile = createRequire(import.meta.url).resolve('@rankquill/contract/vectors/deliveries.json');
const vectors = JSON.parse(readFileSync(vectorsFile, 'utf8')) as {
  receiver: { secret: string; signing_secret: string | null; site_base_url: string };
  cases: Delivery[];
};

const signingSecret = vectors.receiver.signing_secret as string;

async function signed(secret: string, body: string): Promise<Record<string, string>> {
  return {
    'content-type': 'application/json',
    'x-service-key': secret,
    'x-service-event': 'content.published',
    ...(await createSignatureHeaders({ signingSecret, id: `dlv_${body.length}`, body })),
  };
}

describe('fetch route handler example', () => {
  it.each(vectors.cases.map((delivery) => [delivery.id, delivery] as const))(
    'answers vector %s over HTTP',
    async (_id, delivery) => {
      const config = { ...vectors.receiver, ...delivery.receiver };
      const store = new MemoryArticleStore();
      for (const article of delivery.store_before ?? [])
        await store.upsert({ ...article, received_at: '2026-01-01T00:00:00.000Z' });
      const route = createRoute({
        secret: config.secret,
        store,
        siteBaseUrl: config.site_base_url,
        signingSecret: config.signing_secret ?? undefined,
        now: () => delivery.now * 1000,
      });
      const server = await serveRoute(route.POST);
      try {
        const response = await fetch(server.url, {
          method: delivery.request.method,
          headers: delivery.request.headers,
          body: delivery.request.body,
        });
        expect(response.status).toBe(delivery.expected.status);
        expect(await response.json()).toEqual(delivery.expected.body);
        for (const [slug, expected] of Object.entries(delivery.expected.store ?? {})) {
          const stored = await store.get(slug);
          if (expected === null) expect(stored).toBeUndefined();
          else expect(stored).toMatchObject(expected);
        }
      } finally {
        await server.close();
      }
    },
  );

  it('takes a 500,000-character article of 3-byte characters (1.5 MB; the handler refused it at 1 MiB before)', async () => {
    const store = new MemoryArticleStore();
    const route = createRoute({ secret: vectors.receiver.secret, signingSecret, store });
    const body = JSON.stringify({ title: 'Long', slug: 'long', content: `<p>${'中'.repeat(499_993)}</p>` });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1_500_000);
    const server = await serveRoute(route.POST);
    try {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: await signed(vectors.receiver.secret, body),
        body,
      });
      expect(response.status).toBe(200);
      expect((await store.get('long'))?.content.length).toBe(500_000);
      const get = await fetch(server.url);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
    } finally {
      await server.close();
    }
  });

  it('exports POST, which reads the secret from the environment', async () => {
    process.env.RANKQUILL_WEBHOOK_SECRET = 'env-secret';
    const body = JSON.stringify({ title: 'From env', slug: 'from-env', content: '<p>x</p>' });
    const accepted = await POST(
      new Request('http://site/api/rankquill', {
        method: 'POST',
        headers: await signed('env-secret', body),
        body,
      }),
    );
    expect(await accepted.json()).toEqual({ success: true, url: '/en/resources/blog/from-env' });
    const rejected = await POST(
      new Request('http://site/api/rankquill', {
        method: 'POST',
        headers: await signed('other', body),
        body,
      }),
    );
    expect(rejected.status).toBe(401);
  });

  it('runs under plain Node, with a signing secret from the environment', async () => {
    const secret = 'example-secret';
    const child = spawn(process.execPath, [fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      env: {
        ...process.env,
        RANKQUILL_WEBHOOK_SECRET: secret,
        RANKQUILL_WEBHOOK_SIGNING_SECRET: signingSecret,
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening on (\S+)/.exec(chunk.toString());
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const body = JSON.stringify({ title: 'Live', slug: 'live', content: '<p>Live</p>' });
      const unsigned = await fetch(url, { method: 'POST', headers: { 'x-service-key': secret }, body });
      expect(unsigned.status).toBe(401);
      const response = await fetch(url, { method: 'POST', headers: await signed(secret, body), body });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, url: '/en/resources/blog/live' });
    } finally {
      child.kill();
    }
  });
});
