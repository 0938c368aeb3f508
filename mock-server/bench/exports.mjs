// pnpm bench (mock-server): memory of the streamed content export of 10,000 articles on the SQLite
// store, as CSV and as JSON over HTTP, against two baselines measured in the same run: the same
// server process just before the export, and a naive export that loads every row and stringifies
// them. The server runs in its own process (node --expose-gc) that samples its own memory every
// 20 ms while the export runs, each time after a full GC, so the figure is memory held, not garbage
// waiting for collection; this process downloads and discards the file. Prints figures and ratios.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineSchema, openSqliteStore, startServer } from '../dist/index.js';
import { seedArticles } from './seed-articles.mjs';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const SEED = '2026';
const MB = 1024 * 1024;
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === 'serve') {
  await serveAndMeasure(process.argv[3]);
} else {
  await main();
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-bench-exports-'));
  const db = join(dir, 'bench.db');
  try {
    const { projectId, apiKey } = await seedArticles(db, { articles: ARTICLES, seed: SEED });
    const results = {};
    for (const kind of ['stream-csv', 'stream-json', 'naive-json']) {
      results[kind] = await measure(kind, db, projectId, apiKey);
    }
    const csv = results['stream-csv'];
    const json = results['stream-json'];
    const naive = results['naive-json'];
    console.log(
      JSON.stringify(
        {
          benchmark: 'content export of one project, SQLite store, over HTTP on loopback',
          articles: ARTICLES,
          stream_csv: csv,
          stream_json: json,
          naive_json_load_all_then_stringify: naive,
          held_heap_ratio_naive_over_stream_json: ratio(naive.held_heap_growth_mb, json.held_heap_growth_mb),
          rss_growth_ratio_naive_over_stream_json: ratio(naive.rss_growth_mb, json.rss_growth_mb),
          goal: 'the streamed exports hold a few MB whatever the number of articles; the naive one holds the file',
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one export against a fresh server process and answers what that process measured. */
async function measure(kind, db, projectId, apiKey) {
  const child = fork(self, ['serve', db], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [ready] = await once(child, 'message');
  const headers = { authorization: `Bearer ${apiKey}` };
  // Warm up the code paths on the small demo project before the baseline.
  for (const format of ['csv', 'json']) {
    await (
      await fetch(`${ready.apiBaseUrl}/projects/${ready.demoProjectId}/content/export?format=${format}`, {
        headers,
      })
    ).text();
  }
  child.send({ start: kind, projectId });
  await once(child, 'message');
  const started = performance.now();
  let bytes = 0;
  if (kind !== 'naive-json') {
    const format = kind === 'stream-csv' ? 'csv' : 'json';
    const response = await fetch(
      `${ready.apiBaseUrl}/projects/${projectId}/content/export?format=${format}`,
      {
        headers,
      },
    );
    for await (const chunk of response.body) bytes += chunk.byteLength;
  }
  const ms = performance.now() - started;
  child.send({ stop: true });
  const [result] = await once(child, 'message');
  await once(child, 'exit');
  return {
    ms: Math.round(kind === 'naive-json' ? result.ms : ms),
    bytes: bytes || result.bytes,
    ...result.memory,
  };
}

/** The server process: serves the store, and on `start` samples its memory until `stop`. */
async function serveAndMeasure(db) {
  const server = await startServer({ port: 0, db, clock: 'manual', seed: SEED });
  process.send({ apiBaseUrl: server.apiBaseUrl, demoProjectId: server.demo.project_id });
  const [{ start: kind, projectId }] = await once(process, 'message');
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const base = process.memoryUsage();
  const peak = { rss: base.rss, held: base.heapUsed + base.external + base.arrayBuffers };
  const sample = () => {
    globalThis.gc();
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.held = Math.max(peak.held, now.heapUsed + now.external + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 20);
  let naive;
  if (kind === 'naive-json') {
    // What an export without streaming does: every row in memory, then one string of the file.
    const started = performance.now();
    const store = openSqliteStore(db, engineSchema);
    const rows = await store.find('content', { where: { project_id: projectId }, orderBy: [['seq', 'asc']] });
    const text = JSON.stringify({
      articles: rows.filter((row) => row.status === 'draft' || row.status === 'published'),
    });
    sample();
    naive = { ms: performance.now() - started, bytes: Buffer.byteLength(text) };
    await store.close();
  }
  process.send({ started: true });
  await once(process, 'message');
  sample();
  clearInterval(sampler);
  process.send({
    ...naive,
    memory: {
      baseline_rss_mb: round(base.rss / MB),
      baseline_heap_mb: round(base.heapUsed / MB),
      held_heap_growth_mb: round((peak.held - (base.heapUsed + base.external + base.arrayBuffers)) / MB),
      rss_growth_mb: round((peak.rss - base.rss) / MB),
    },
  });
  await server.close();
  process.disconnect();
}

function round(value) {
  return Number(value.toFixed(1));
}

function ratio(a, b) {
  return b <= 0 ? null : Number((a / b).toFixed(2));
}
