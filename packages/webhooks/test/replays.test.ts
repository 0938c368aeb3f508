import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '../src/receiver';
import { REPLAY_MEMORY_SECONDS } from '../src/replays';
import type { ArticleStore } from '../src/stores/article-store';
import { MemoryArticleStore } from '../src/stores/memory';
import { SqliteArticleStore } from '../src/stores/sqlite';
import { type ReplayScenario, replayVectors } from './helpers/vectors';

const dir = mkdtempSync(join(tmpdir(), 'rankquill-replays-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: Array<{ name: string; open: (scenario: ReplayScenario) => ArticleStore }> = [
  { name: 'MemoryArticleStore', open: () => new MemoryArticleStore() },
  {
    name: 'SqliteArticleStore',
    open: (scenario) => new SqliteArticleStore({ path: join(dir, `${scenario.id}.db`) }),
  },
];

/** Runs every step against one receiver and store; returns the answers. */
async function play(scenario: ReplayScenario, store: ArticleStore) {
  const config = { ...replayVectors.receiver, ...scenario.receiver };
  let clock = 0;
  const receiver = createWebhookReceiver({
    secret: config.secret,
    signingSecret: config.signing_secret ?? undefined,
    authorDefault: config.author_default,
    siteBaseUrl: config.site_base_url,
    removeOn: config.remove_on,
    store,
    now: () => clock * 1000,
  });
  const answers = [];
  for (const step of scenario.steps) {
    clock = step.now;
    const { status, body } = await receiver.handle({
      headers: step.request.headers,
      rawBody: step.request.body,
    });
    answers.push({ status, body });
  }
  return answers;
}

describe('replays.json', () => {
  it('remembers webhook-ids as long as the vectors say', () => {
    expect(REPLAY_MEMORY_SECONDS).toBe(replayVectors.remember_ids_seconds);
    expect(replayVectors.scenarios.length).toBeGreaterThanOrEqual(10);
  });

  describe.each(stores)('$name', ({ open }) => {
    it.each(replayVectors.scenarios.map((scenario) => [scenario.id, scenario] as const))(
      '%s',
      async (_id, scenario) => {
        const store = open(scenario);
        const answers = await play(scenario, store);
        expect(answers).toEqual(scenario.steps.map((step) => step.expected));
        for (const [slug, article] of Object.entries(scenario.expected_store)) {
          const stored = await store.get(slug);
          if (article === null) {
            expect(stored, `${slug} should be absent`).toBeUndefined();
            continue;
          }
          const { received_at, webhook_timestamp, ...rest } = stored ?? ({} as never);
          expect(rest).toEqual(article);
        }
        (store as { close?: () => void }).close?.();
      },
    );
  });

  it('a store forgets webhook-ids only after REPLAY_MEMORY_SECONDS', async () => {
    for (const store of [new MemoryArticleStore(), new SqliteArticleStore()]) {
      await store.markApplied('msg_old', 1000);
      await store.markApplied('msg_new', 1000 + REPLAY_MEMORY_SECONDS);
      expect(await store.isApplied('msg_old')).toBe(true);
      await store.markApplied('msg_newer', 1001 + REPLAY_MEMORY_SECONDS);
      expect(await store.isApplied('msg_old')).toBe(false);
      expect(await store.isApplied('msg_new')).toBe(true);
    }
  });

  it('a tombstone lasts until the slug is written or removed again, and a SQLite file keeps it across a restart', async () => {
    const path = join(dir, 'tombstones.db');
    for (const open of [() => new MemoryArticleStore(), () => new SqliteArticleStore({ path })]) {
      const store = open();
      await store.markRemoved('cold-brew', 1000);
      await store.markRemoved('iced-latte', 1000);
      if (store instanceof SqliteArticleStore) store.close();
      const reopened = store instanceof SqliteArticleStore ? open() : store;
      expect(await reopened.tombstoneOf('cold-brew')).toBe(1000);
      await reopened.remove('iced-latte');
      expect(await reopened.tombstoneOf('iced-latte')).toBeUndefined();
      const scenario = replayVectors.scenarios.find((each) => each.id === 'newer-timestamp-applies');
      if (!scenario) throw new Error('scenario newer-timestamp-applies is missing');
      await play(scenario, reopened);
      expect(await reopened.tombstoneOf('cold-brew')).toBeUndefined();
      (reopened as { close?: () => void }).close?.();
    }
  });

  it('a SQLite file written by an earlier version gains the timestamp column', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const path = join(dir, 'earlier.db');
    const earlier = new DatabaseSync(path);
    earlier.exec(`CREATE TABLE rankquill_articles (slug TEXT PRIMARY KEY, title TEXT NOT NULL, content TEXT NOT NULL,
      excerpt TEXT NOT NULL, meta_title TEXT NOT NULL, meta_description TEXT NOT NULL, keywords TEXT NOT NULL,
      canonical_url TEXT NOT NULL, featured_image TEXT NOT NULL, author TEXT NOT NULL, language TEXT NOT NULL,
      url TEXT NOT NULL, received_at TEXT NOT NULL, seq INTEGER NOT NULL)`);
    earlier.close();
    const store = new SqliteArticleStore({ path });
    const scenario = replayVectors.scenarios.find((each) => each.id === 'replay-after-newer-version');
    if (!scenario) throw new Error('scenario replay-after-newer-version is missing');
    expect(await play(scenario, store)).toEqual(scenario.steps.map((step) => step.expected));
    expect((await store.get('cold-brew'))?.title).toBe('Cold Brew, take B');
    store.close();
  });
});
