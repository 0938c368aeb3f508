import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BulkExport } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../../src/runtime/server';
import { startTestServer, type TestServer } from '../../support/test-server';
import { download } from './export-project';

/**
 * Makes a ready bulk export of the demo project on a server with a SQLite file, stops it, and
 * hands the export and a second server on the same file (started with `restart`) to `check`.
 */
async function acrossRestart(
  body: Record<string, unknown>,
  restart: ServerOptions,
  check: (ready: BulkExport, second: TestServer, first: { bytes: Uint8Array }) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-exports-'));
  const db = join(dir, 'mock.db');
  try {
    const first = await startTestServer({ db });
    const path = `/v1/projects/${first.demo.project_id}`;
    const created = await first.call('POST', `${path}/export`, { key: first.demo.api_key, body });
    await first.advance(0);
    const ready = BulkExport.parse(
      (await first.call('GET', `${path}/exports/${created.body.id}`, { key: first.demo.api_key })).body,
    );
    const before = await download(ready.download_url ?? '');
    expect(before.response.status).toBe(200);
    await first.close();
    const second = await startTestServer({ db, ...restart });
    try {
      await check(ready, second, before);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('bulk exports on the SQLite store', () => {
  it('keep their file across a restart: the same signed URL serves the same bytes', async () => {
    const types = ['content', 'keywords', 'ai-visibility'];
    await acrossRestart({ types, format: 'json' }, {}, async (ready, second, before) => {
      const url = new URL(ready.download_url ?? '');
      const after = await download(`${second.url}${url.pathname}${url.search}`);
      expect(after.response.status).toBe(200);
      expect(after.bytes).toEqual(before.bytes);
      expect(JSON.parse(new TextDecoder().decode(after.bytes)).ai_visibility.topics).toHaveLength(2);
    });
  });
});

describe('download URLs under a signing secret of their own', () => {
  it('refuse a URL signed with the seed-derived key, and serve the URLs the server now gives', async () => {
    const secret = { exportSigningSecret: 'a long random secret of this deployment' };
    await acrossRestart({ types: ['content'], format: 'json' }, secret, async (seedSigned, second) => {
      const old = new URL(seedSigned.download_url ?? '');
      const refused = await second.call('GET', `${old.pathname}${old.search}`);
      expect(refused.status).toBe(401);
      expect(refused.body.error.param).toBe('signature');
      const current = BulkExport.parse(
        (
          await second.call('GET', `/v1/projects/${second.demo.project_id}/exports/${seedSigned.id}`, {
            key: second.demo.api_key,
          })
        ).body,
      );
      const signature = (url: string | null) => new URL(url ?? '').searchParams.get('signature');
      expect(signature(current.download_url)).not.toBe(signature(seedSigned.download_url));
      expect((await download(current.download_url ?? '')).response.status).toBe(200);
    });
  });
});

describe('bulk exports on the real clock', () => {
  it('become ready in the background within seconds, with no clock to move', async () => {
    const live = await startTestServer({ clock: 'real' });
    try {
      const path = `/v1/projects/${live.demo.project_id}`;
      const created = await live.call('POST', `${path}/export`, {
        key: live.demo.api_key,
        body: { types: ['content'], format: 'json' },
      });
      expect(created.status).toBe(202);
      let status = created.body.status;
      const deadline = Date.now() + 10_000;
      while (status !== 'ready' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await live.call('GET', `${path}/exports/${created.body.id}`, { key: live.demo.api_key }))
          .body.status;
      }
      expect(status).toBe('ready');
    } finally {
      await live.close();
    }
  });
});
