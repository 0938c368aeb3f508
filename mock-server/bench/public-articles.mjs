// pnpm bench (mock-server): the public article list (limit 10) over 10,000 published
// articles, served by the reference server on its SQLite store, against a bare node:http
// server answering the same bytes from memory, measured in the same run with autocannon.
// Also the time from process start to the ready line. Prints figures and ratios.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock, openSqliteStore } from '../dist/index.js';
import { startProcess, startServe, stopProcess } from './child-process.mjs';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SEED = '2026';
const bare = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rankquill-bench-'));
const db = join(dir, 'bench.db');

async function seed() {
  const started = performance.now();
  const store = openSqliteStore(db, engineSchema);
  const engine = await Engine.open({ store, seed: SEED, clock: new ManualClock(MANUAL_CLOCK_START) });
  const account = await engine.accounts.authenticate(engine.demo.api_key);
  const project = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  for (let i = 0; i < ARTICLES; i++) {
    await engine.content.create(account, project.id, {
      keyword: `bench topic ${i}`,
      length: 300,
      auto_publish: true,
    });
  }
  await engine.advance(3600);
  await store.close();
  console.log(
    `seeded ${ARTICLES} published articles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return project.public_api_key;
}

function load(url, headers) {
  return autocannon({ url, headers, connections: 10, pipelining: 1, duration: DURATION });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const serviceKey = await seed();
  const startups = [];
  for (let i = 0; i < 5; i++) {
    const server = await startServe(['--port', '0', '--db', db, '--seed', SEED, '--clock', 'manual']);
    startups.push(server.ms);
    await stopProcess(server.child);
  }
  const server = await startServe(['--port', '0', '--db', db, '--seed', SEED, '--clock', 'manual']);
  const url = `${server.ready.content_api_url}?limit=10`;
  const headers = { 'x-service-key': serviceKey };
  const sample = await fetch(url, { headers });
  const bytes = Buffer.from(await sample.arrayBuffer());
  const parsed = JSON.parse(bytes.toString());
  if (parsed.pagination.total !== ARTICLES || parsed.articles.length !== 10)
    throw new Error('unexpected sample answer');
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, bytes);

  await load(url, headers); // warm-up, not counted
  const subject = await load(url, headers);
  await stopProcess(server.child);

  const baseline = await startProcess(bare, [bodyFile]);
  await load(baseline.ready.url, headers);
  const reference = await load(baseline.ready.url, headers);
  await stopProcess(baseline.child);

  const ratio = subject.requests.average / reference.requests.average;
  console.log(
    JSON.stringify(
      {
        benchmark: 'public article list, limit 10, 10 connections',
        articles: ARTICLES,
        seconds: DURATION,
        reference_server_rps: Math.round(subject.requests.average),
        reference_server_p99_ms: subject.latency.p99,
        bare_node_http_rps: Math.round(reference.requests.average),
        bare_node_http_p99_ms: reference.latency.p99,
        throughput_ratio: Number(ratio.toFixed(3)),
        throughput_goal: '>= 0.5',
        startup_to_ready_ms_median: Math.round(median(startups)),
        startup_to_ready_ms_all: startups.map(Math.round),
        startup_goal_ms: '< 300',
        errors: subject.errors + subject.non2xx,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
