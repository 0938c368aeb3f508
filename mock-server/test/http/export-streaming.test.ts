import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine';
import { EXPORT_PAGE_SIZE } from '../../src/engine/exports/content-export';
import { MANUAL_CLOCK_START, ManualClock } from '../../src/engine/kernel/clock';
import type { ContentRecord } from '../../src/engine/kernel/records';
import { engineSchema } from '../../src/engine/kernel/schema';
import { createApp } from '../../src/http/app';
import { createMemoryStore } from '../../src/store/memory';
import type { Store } from '../../src/store/store';

/** A store that counts the pages of content read and can be told to fail the next one. */
function instrumentedStore() {
  const inner = createMemoryStore(engineSchema);
  // `failFromPage`: the first content page (1-based) that fails, set before the request so the
  // failure lands after the first bytes whatever the machine's speed.
  const state = { contentPages: 0, failFromPage: Number.POSITIVE_INFINITY };
  const store: Store = new Proxy(inner, {
    get(target, name, receiver) {
      if (name !== 'find') return Reflect.get(target, name, receiver);
      return async (table: string, query: unknown) => {
        if (table === 'content') {
          state.contentPages++;
          if (state.contentPages >= state.failFromPage) throw new Error('disk on fire');
        }
        return target.find(table, query as never);
      };
    },
  });
  return { store, state };
}

const BODY = `<p>${'Slow and steady brewing. '.repeat(400)}</p>`;

async function startWithArticles(articles: number) {
  const { store, state } = instrumentedStore();
  const engine = await Engine.open({ store, clock: new ManualClock(MANUAL_CLOCK_START), seed: 3 });
  const projectId = engine.demo.project_id;
  await store.transaction(async (tx) => {
    for (let i = 0; i < articles; i++) {
      const row: ContentRecord = {
        id: `cnt_stream${String(i).padStart(6, '0')}`,
        seq: 1_000_000 + i,
        project_id: projectId,
        status: 'draft',
        keyword: `keyword ${i}`,
        type: 'blog_post',
        length: 300,
        auto_publish: false,
        title: `Article ${i}`,
        slug: `article-${i}`,
        content: BODY,
        content_text: BODY.slice(3, -4),
        excerpt: null,
        meta_title: null,
        meta_description: null,
        keywords: [],
        featured_image: null,
        author: null,
        canonical_url: '',
        word_count: 1600,
        failure_reason: null,
        estimated_completion: MANUAL_CLOCK_START,
        created_at: MANUAL_CLOCK_START,
        updated_at: MANUAL_CLOCK_START,
        published_at: null,
      };
      await tx.insert('content', row);
    }
  });
  const errors: unknown[] = [];
  const app = createApp(engine, { onError: (error) => errors.push(error) });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  opened.push({ server, store });
  return {
    url: `http://127.0.0.1:${port}/v1/projects/${projectId}/content/export?format=csv`,
    headers: { authorization: `Bearer ${engine.demo.api_key}` },
    state,
    errors,
  };
}

const opened: Array<{ server: Server; store: Store }> = [];
afterEach(async () => {
  for (const { server, store } of opened.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  }
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('streamed exports over HTTP', () => {
  it('reads the store only as fast as the client reads, and stops when the client goes away', async () => {
    // About 4 MB of CSV per page of rows: far more than the socket buffers can hold.
    const pages = 12;
    const { url, headers, state } = await startWithArticles(EXPORT_PAGE_SIZE * pages);
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    await reader?.read();
    const before = state.contentPages;
    // The client stops reading: the server must stop producing once the buffers are full.
    await pause(300);
    const stalled = state.contentPages;
    expect(stalled).toBeLessThan(pages);
    await pause(200);
    expect(state.contentPages).toBe(stalled);
    expect(before).toBeGreaterThanOrEqual(1);

    controller.abort();
    await pause(200);
    const afterAbort = state.contentPages;
    await pause(200);
    expect(state.contentPages).toBe(afterAbort);
    expect(afterAbort).toBeLessThan(pages);
  });

  it('aborts the connection when the export fails midway, so a short file is never taken for a whole one', async () => {
    const { url, headers, state, errors } = await startWithArticles(EXPORT_PAGE_SIZE + 1);
    state.failFromPage = 2;
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('disk on fire');
  });

  it('writes every row when the client reads to the end', async () => {
    const { url, headers, state } = await startWithArticles(EXPORT_PAGE_SIZE * 2 + 5);
    const text = await (await fetch(url, { headers })).text();
    // The header, every stored article, and the demo project's own articles.
    expect(text.split('\r\ncnt_stream').length - 1).toBe(EXPORT_PAGE_SIZE * 2 + 5);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(state.contentPages).toBeGreaterThanOrEqual(3);
  });
});
