import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleStore, StoredArticle } from '../src/stores/article-store';
import { MemoryArticleStore } from '../src/stores/memory';
import { SqliteArticleStore } from '../src/stores/sqlite';

function article(slug: string, overrides: Partial<StoredArticle> = {}): StoredArticle {
  return {
    title: `Title of ${slug}`,
    slug,
    content: `<p>${slug}</p>`,
    excerpt: '',
    meta_title: `Title of ${slug}`,
    meta_description: '',
    keywords: ['coffee', 'café ☕'],
    canonical_url: '',
    featured_image: '',
    author: 'Rankquill',
    language: 'en',
    url: `/en/resources/blog/${slug}`,
    received_at: '2026-01-01T09:30:00.000Z',
    ...overrides,
  };
}

const directory = mkdtempSync(join(tmpdir(), 'rankquill-stores-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const stores: Array<[string, () => ArticleStore]> = [
  ['MemoryArticleStore', () => new MemoryArticleStore()],
  ['SqliteArticleStore in memory', () => new SqliteArticleStore()],
  [
    'SqliteArticleStore in a file',
    () => new SqliteArticleStore({ path: join(directory, `${crypto.randomUUID()}.db`) }),
  ],
];

describe.each(stores)('%s', (_name, create) => {
  let store: ArticleStore;
  beforeEach(() => {
    store = create();
  });

  it('gets what it stored, field for field', async () => {
    const stored = article('first', {
      keywords: [],
      canonical_url: 'https://example.com/first',
      language: 'fr',
    });
    await store.upsert(stored);
    expect(await store.get('first')).toEqual(stored);
    expect(await store.get('missing')).toBeUndefined();
  });

  it('upserts by slug', async () => {
    await store.upsert(article('same'));
    await store.upsert(article('same', { title: 'Second version', received_at: '2026-01-01T10:00:00.000Z' }));
    expect(await store.list()).toHaveLength(1);
    expect((await store.get('same'))?.title).toBe('Second version');
  });

  it('removes by slug and says whether there was an article', async () => {
    await store.upsert(article('gone'));
    await store.upsert(article('kept'));
    expect(await store.remove('gone')).toBe(true);
    expect(await store.remove('gone')).toBe(false);
    expect(await store.get('gone')).toBeUndefined();
    expect((await store.list()).map((a) => a.slug)).toEqual(['kept']);
  });

  it('lists newest first, and the latest write first within the same instant', async () => {
    await store.upsert(article('old', { received_at: '2026-01-01T08:00:00.000Z' }));
    await store.upsert(article('new', { received_at: '2026-01-01T11:00:00.000Z' }));
    await store.upsert(article('tie-a', { received_at: '2026-01-01T09:00:00.000Z' }));
    await store.upsert(article('tie-b', { received_at: '2026-01-01T09:00:00.000Z' }));
    await store.upsert(article('tie-a', { received_at: '2026-01-01T09:00:00.000Z', title: 'rewritten' }));
    expect((await store.list()).map((a) => a.slug)).toEqual(['new', 'tie-a', 'tie-b', 'old']);
  });

  it('hands out copies, so callers cannot change stored articles', async () => {
    await store.upsert(article('copy'));
    const first = await store.get('copy');
    first?.keywords.push('mutated');
    const listed = await store.list();
    listed[0]?.keywords.push('mutated');
    expect((await store.get('copy'))?.keywords).toEqual(['coffee', 'café ☕']);
  });

  it('keeps HTML, quotes and unicode intact', async () => {
    const tricky = article('it\'s-"quoted"', {
      content: '<p>a\u0000b</p><script>x</script> 東京 🍵',
      title: "O'Brien; DROP TABLE",
    });
    await store.upsert(tricky);
    expect(await store.get(tricky.slug)).toEqual(tricky);
  });
});

describe('SqliteArticleStore', () => {
  it('keeps articles in its file across instances', async () => {
    const path = join(directory, 'persist.db');
    const first = new SqliteArticleStore({ path });
    await first.upsert(article('durable'));
    first.close();
    const second = new SqliteArticleStore({ path });
    expect(await second.get('durable')).toEqual(article('durable'));
    second.close();
  });

  it('uses a custom table and refuses unsafe table names', async () => {
    const store = new SqliteArticleStore({ table: 'cms_posts' });
    await store.upsert(article('custom'));
    expect(await store.get('custom')).toBeDefined();
    expect(() => new SqliteArticleStore({ table: 'posts; DROP TABLE x' })).toThrow(/Invalid table name/);
  });
});
