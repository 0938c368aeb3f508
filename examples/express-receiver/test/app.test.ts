import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createSignatureHeaders, MemoryArticleStore, type StoredArticle } from '@rankquill/webhooks';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';

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

describe('express receiver example', () => {
  it.each(vectors.cases.map((delivery) => [delivery.id, delivery] as const))(
    'answers vector %s',
    async (_id, delivery) => {
      const config = { ...vectors.receiver, ...delivery.receiver };
      const store = new MemoryArticleStore();
      for (const article of delivery.store_before ?? [])
        await store.upsert({ ...article, received_at: '2026-01-01T00:00:00.000Z' });
      const app = createApp({
        secret: config.secret,
        store,
        siteBaseUrl: config.site_base_url,
        signingSecret: config.signing_secret ?? undefined,
        now: () => delivery.now * 1000,
        on: { 'keyword.ranking_changed': () => {} },
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const response = await fetch(`http://127.0.0.1:${port}${delivery.request.path}`, {
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
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it('answers GET /webhook with 405 and Allow: POST, and a body over 4 MiB with 413', async () => {
    const app = createApp({ secret: vectors.receiver.secret });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
      const get = await fetch(url);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      const large = await fetch(url, {
        method: 'POST',
        headers: { 'x-service-key': vectors.receiver.secret },
        body: 'x'.repeat(4 * 1024 * 1024 + 1),
      });
      expect(large.status).toBe(413);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('runs as a plain Node process, with a signing secret from the environment, and serves what it received', async () => {
    const secret = 'example-secret';
    const signingSecret = vectors.receiver.signing_secret as string;
    const child = spawn(process.execPath, [fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
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
      const headers = { 'content-type': 'application/json', 'x-service-key': secret };
      const unsigned = await fetch(url, { method: 'POST', headers, body });
      expect(unsigned.status).toBe(401);
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, ...(await createSignatureHeaders({ signingSecret, id: 'dlv_live', body })) },
        body,
      });
      expect(await response.json()).toEqual({ success: true, url: '/en/resources/blog/live' });
      const list = (await (await fetch(url.replace('/webhook', '/articles'))).json()) as {
        articles: StoredArticle[];
      };
      expect(list.articles.map((article) => article.slug)).toEqual(['live']);
    } finally {
      child.kill();
    }
  });
});
