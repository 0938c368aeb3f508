// pnpm bench (mock-server): the public article list (limit 10) over 10,000 published
// articles, served by the reference server on its SQLite store, against a bare node:http
// server answering the same bytes from memory, measured in the same run with autocannon.
// Rounds alternate which server goes first, so neither always meets the machine's load first;
// each round prints both servers' CPU per request beside their throughput (on a shared machine
// the ratio moves with the load, the CPU per request much less). Also the time from process
// start to the ready line (median of 5), and its parts from `--log startup` where the server
// has it. Prints the figures, the ratios and their goals.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock, openSqliteStore } from '../dist/index.js';
import { startProcess, startServe, stopProcess } from './child-process.mjs';
import { processCpuMs } from './delivery-fixtures.mjs';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STARTS = 5;
const THROUGHPUT_GOAL = 0.8;
const STARTUP_GOAL_MS = 200;
const SEED = '2026';
const bare = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rankquill-bench-'));
// BENCH_DB: a database seeded by an earlier run (its key beside it), or where to seed one to keep.
const db = process.env.BENCH_DB ?? join(dir, 'bench.db');
const serveArgs = ['--port', '0', '--db', db, '--seed', SEED, '--clock', 'manual'];

async function seed() {
  if (existsSync(`${db}.key`)) return readFileSync(`${db}.key`, 'utf8');
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
  writeFileSync(`${db}.key`, project.public_api_key);
  console.log(
    `seeded ${ARTICLES} published articles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return project.public_api_key;
}

/** Throughput of `server` for one round, and the server process's CPU milliseconds per request. */
async function round(server, url, headers) {
  const cpu = processCpuMs(server.child.pid);
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration: DURATION });
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMsEach: (processCpuMs(server.child.pid) - cpu) / requests,
    errors: result.errors + result.non2xx,
  };
}

/** The start-up's parts from the server's `--log startup` line, or null where it has none. */
async function startupParts() {
  try {
    const server = await startServe([...serveArgs, '--log', 'startup'], { onStderr: () => {} });
    await stopProcess(server.child);
    const line = server
      .stderr()
      .split('\n')
      .find((text) => text.includes('"startup"'));
    return line ? JSON.parse(line) : null;
  } catch {
    return null; // a server without --log startup refuses the flag
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round3 = (value) => Number(value.toFixed(3));

try {
  const serviceKey = await seed();
  const startups = [];
  for (let i = 0; i < STARTS; i++) {
    const server = await startServe(serveArgs);
    startups.push(server.ms);
    await stopProcess(server.child);
  }
  const parts = await startupParts();

  const server = await startServe(serveArgs);
  const url = `${server.ready.content_api_url}?limit=10`;
  const headers = { 'x-service-key': serviceKey };
  const sample = await fetch(url, { headers });
  const bytes = Buffer.from(await sample.arrayBuffer());
  const parsed = JSON.parse(bytes.toString());
  if (parsed.pagination.total !== ARTICLES || parsed.articles.length !== 10)
    throw new Error('unexpected sample answer');
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, bytes);
  const baseline = await startProcess(bare, [bodyFile]);

  await round(server, url, headers); // warm-up, not counted
  await round(baseline, baseline.ready.url, headers);
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? ['subject', 'bare'] : ['bare', 'subject'];
    const measured = {};
    for (const side of order) {
      measured[side] =
        side === 'subject'
          ? await round(server, url, headers)
          : await round(baseline, baseline.ready.url, headers);
    }
    const ratio = measured.subject.rps / measured.bare.rps;
    rounds.push({ first: order[0], ratio, ...measured });
    console.log(
      `round ${i + 1} (${order[0]} first): reference ${Math.round(measured.subject.rps)} req/s ` +
        `(${measured.subject.cpuMsEach.toFixed(3)} ms CPU each), bare ${Math.round(measured.bare.rps)} req/s ` +
        `(${measured.bare.cpuMsEach.toFixed(3)} ms CPU each), ratio ${ratio.toFixed(3)}`,
    );
  }
  await stopProcess(server.child);
  await stopProcess(baseline.child);

  const ratio = median(rounds.map((r) => r.ratio));
  const startupMedian = median(startups);
  console.log(
    JSON.stringify(
      {
        benchmark: 'public article list, limit 10, 10 connections',
        articles: ARTICLES,
        seconds_per_round: DURATION,
        rounds: ROUNDS,
        reference_server_rps: rounds.map((r) => Math.round(r.subject.rps)),
        reference_server_cpu_ms_per_request: rounds.map((r) => round3(r.subject.cpuMsEach)),
        reference_server_p99_ms: rounds.map((r) => r.subject.p99),
        bare_node_http_rps: rounds.map((r) => Math.round(r.bare.rps)),
        bare_node_http_cpu_ms_per_request: rounds.map((r) => round3(r.bare.cpuMsEach)),
        throughput_ratio_median: round3(ratio),
        throughput_ratios: rounds.map((r) => round3(r.ratio)),
        cpu_ratio_median: round3(median(rounds.map((r) => r.bare.cpuMsEach / r.subject.cpuMsEach))),
        throughput_goal: `>= ${THROUGHPUT_GOAL}`,
        throughput_goal_met: ratio >= THROUGHPUT_GOAL,
        startup_to_ready_ms_median: Math.round(startupMedian),
        startup_to_ready_ms_all: startups.map(Math.round),
        startup_goal_ms: `<= ${STARTUP_GOAL_MS}`,
        startup_goal_met: startupMedian <= STARTUP_GOAL_MS,
        startup_parts_ms: parts
          ? Object.fromEntries(
              Object.entries(parts)
                .filter(([key]) => key.endsWith('_ms'))
                .map(([key, value]) => [key, Math.round(value)]),
            )
          : 'this server has no --log startup',
        errors: rounds.reduce((sum, r) => sum + r.subject.errors, 0),
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
