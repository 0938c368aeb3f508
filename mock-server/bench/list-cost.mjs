// pnpm bench (mock-server): what a list costs as a project grows. For 10,000 and 100,000
// published articles in one project (BENCH_LIST_SIZES, e.g. "10000,100000,1000000"), on the SQLite
// store and on PostgreSQL (a throwaway cluster), the median time of: the public article list's
// first page with its cache emptied, a deep page (offset at 90%), and the main API's content list.
// Prints each figure and, per store, the ratio of the largest size to the smallest (the goal: the
// uncached first page at 100,000 within 1.5 times its time at 10,000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Engine,
  engineSchema,
  MANUAL_CLOCK_START,
  ManualClock,
  openPostgresStore,
  openSqliteStore,
} from '../dist/index.js';
import { startPostgresCluster } from '../test/support/postgres-cluster.ts';

const SIZES = (process.env.BENCH_LIST_SIZES ?? '10000,100000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
/** Articles made through the engine; the rest are copies of them with their own ids, slugs and dates. */
const TEMPLATES = 20;
const BATCH = 2_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => Number(ms.toFixed(3));

/** One project with `size` published articles, and the engine over it. */
async function seed(store, size) {
  const engine = await Engine.open({ store, seed: 'bench', clock: new ManualClock(MANUAL_CLOCK_START) });
  const account = await engine.accounts.authenticate(engine.demo.api_key);
  const project = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  for (let i = 0; i < TEMPLATES; i++) {
    await engine.content.create(account, project.id, {
      keyword: `bench topic ${i}`,
      length: 300,
      auto_publish: true,
    });
  }
  await engine.advance(3600);
  const templates = await store.find('content', { where: { project_id: project.id, status: 'published' } });
  if (templates.length !== TEMPLATES) throw new Error(`expected ${TEMPLATES} published templates`);
  const counter = await store.get('meta', 'counter');
  const firstSeq = counter.value + 1;
  const start = Date.parse(templates[0].published_at ?? '2026-01-01T00:00:00Z') || MANUAL_CLOCK_START;
  for (let done = TEMPLATES; done < size; ) {
    const count = Math.min(BATCH, size - done);
    await store.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        const n = done + i;
        const template = templates[n % TEMPLATES];
        const seq = firstSeq + n;
        await tx.insert('content', {
          ...template,
          id: `cnt_bench${String(n).padStart(8, '0')}`,
          seq,
          slug: `${template.slug}-${n}`,
          keyword: `${template.keyword} ${n}`,
          published_at: typeof template.published_at === 'number' ? start + n * 1000 : template.published_at,
        });
      }
      await tx.put('meta', { ...counter, value: firstSeq + done + count });
    });
    done += count;
  }
  return { engine, account, project };
}

/** Median milliseconds of `run`, each sample after `invalidate` (not timed). */
async function time(run, invalidate) {
  const samples = [];
  for (let i = 0; i < SAMPLES; i++) {
    await invalidate?.();
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function measure(label, open, size, afterSeeding) {
  const seeding = performance.now();
  const store = await open();
  const { engine, account, project } = await seed(store, size);
  await afterSeeding?.();
  const seededSeconds = (performance.now() - seeding) / 1000;
  const key = project.public_api_key;
  const check = await engine.publicArticles.get(key, { limit: '10', offset: '0' });
  if (check.pagination.total !== size)
    throw new Error(`${label}: total ${check.pagination.total}, not ${size}`);
  let renames = 0;
  // A write the public list depends on empties the cache, as a publish would.
  const invalidate = () => engine.projects.update(account, project.id, { name: `Bench ${++renames}` });
  const deep = String(Math.floor(size * 0.9));
  const result = {
    store: label,
    articles: size,
    seeded_s: Number(seededSeconds.toFixed(1)),
    public_first_page_uncached_ms: round(
      await time(() => engine.publicArticles.get(key, { limit: '10', offset: '0' }), invalidate),
    ),
    public_deep_page_ms: round(
      await time(() => engine.publicArticles.get(key, { limit: '10', offset: deep }), invalidate),
    ),
    main_content_list_ms: round(await time(() => engine.content.list(account, project.id, { limit: '10' }))),
  };
  await store.close();
  return result;
}

const dir = mkdtempSync(join(tmpdir(), 'rankquill-list-cost-'));
const cluster = await startPostgresCluster();
const rows = [];
try {
  for (const size of SIZES) {
    rows.push(
      await measure('sqlite', () => openSqliteStore(join(dir, `list-${size}.db`), engineSchema), size),
    );
    const url = await cluster.createDatabase(`list_${size}`);
    // Autovacuum analyzes a table within a minute of a bulk load; the bench does not wait for it.
    const analyze = () => cluster.query(url, 'ANALYZE');
    rows.push(await measure('postgres', () => openPostgresStore(url, engineSchema), size, analyze));
  }
} finally {
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

// Each size against the smallest, per store.
const ratios = {};
const ratio = (large, small, key) => Number((large[key] / small[key]).toFixed(2));
for (const store of ['sqlite', 'postgres']) {
  const [small, ...larger] = rows.filter((row) => row.store === store);
  ratios[store] = Object.fromEntries(
    larger.map((large) => [
      `${large.articles}_vs_${small.articles}`,
      {
        public_first_page_uncached: ratio(large, small, 'public_first_page_uncached_ms'),
        public_deep_page: ratio(large, small, 'public_deep_page_ms'),
        main_content_list: ratio(large, small, 'main_content_list_ms'),
      },
    ]),
  );
}
console.log(
  JSON.stringify(
    {
      benchmark: 'list cost as a project grows (median of uncached calls in the engine)',
      samples: SAMPLES,
      figures: rows,
      ratios,
      goal: 'public_first_page_uncached at 100,000 <= 1.5 x at 10,000, on both stores',
    },
    null,
    2,
  ),
);
