// pnpm bench (mock-server): what the test double costs a request. Two figures, each measured in
// one run against a baseline of the same run:
//
// 1. Throughput of the public article list (limit 10, 10 connections) from two reference servers
//    started from the CLI side by side, one with the journal (the default, 10,000 entries) and one
//    with `--journal-size 0`, loaded at the same time, each by its own client, so that whatever
//    else runs on the machine slows both alike. Each round gives a ratio; the figure is the median
//    of the rounds' ratios, of requests per second and of server CPU time per request. Goal:
//    journal on >= 0.95x journal off.
// 2. The API layer alone (no HTTP): CPU nanoseconds per public-list request with the journal on
//    and off, one engine per process, the two processes side by side; and the heap the journal's
//    entries hold at 10,000 realistic ones (70 % GET lists, 30 % POST creates with a body).
//
//   node bench/journal-cost.mjs     BENCH_SECONDS=4 BENCH_ROUNDS=6
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import {
  createApiHandler,
  createMemoryStore,
  Engine,
  engineSchema,
  MANUAL_CLOCK_START,
  ManualClock,
} from '../dist/index.js';
import { startServe, stopProcess } from './child-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SEED = 'journal-bench';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU seconds a process has used (Linux `/proc`), or `undefined` elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function load(url, headers, duration = SECONDS) {
  return autocannon({ url, headers, connections: 10, pipelining: 1, duration });
}

/** Throughput of the two servers, in turns; answers the requests per second of each turn. */
async function httpThroughput() {
  const args = ['--port', '0', '--db', ':memory:', '--clock', 'manual', '--seed', SEED];
  const on = await startServe(args);
  const off = await startServe([...args, '--journal-size', '0']);
  try {
    const headers = { 'x-service-key': on.ready.demo.public_api_key };
    const urlOf = (server) => `${server.ready.content_api_url}?limit=10`;
    const sample = await (await fetch(urlOf(on), { headers })).json();
    if (!sample.success || sample.articles.length === 0) throw new Error('the demo project lists no article');
    await Promise.all([load(urlOf(on), headers, 2), load(urlOf(off), headers, 2)]); // warm-up
    const rps = { on: [], off: [] };
    // CPU time of the server per request: what the journal costs, whatever else loads the machine.
    const cpu = { on: [], off: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Both at once, each with its own load: whatever else runs on the machine slows both alike.
      const before = { on: cpuSeconds(on.child.pid), off: cpuSeconds(off.child.pid) };
      const results = await Promise.all([load(urlOf(on), headers), load(urlOf(off), headers)]);
      const after = { on: cpuSeconds(on.child.pid), off: cpuSeconds(off.child.pid) };
      for (const [index, name] of ['on', 'off'].entries()) {
        const result = results[index];
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
        rps[name].push(result.requests.average);
        cpu[name].push(((after[name] - before[name]) * 1e6) / result.requests.total);
      }
    }
    const journal = await (await fetch(`${on.ready.url}/__admin/requests?limit=1`)).json();
    return { rps, cpu, journaled: journal.pagination.total };
  } finally {
    await Promise.all([stopProcess(on.child), stopProcess(off.child)]);
  }
}

async function openEngine(journalSize) {
  return Engine.open({
    store: createMemoryStore(engineSchema),
    seed: SEED,
    clock: new ManualClock(MANUAL_CLOCK_START),
    journalSize,
  });
}

/**
 * CPU nanoseconds per public-list request through the API layer of one engine, journal on or
 * off: what `--api-layer on|off` prints, in a process of its own.
 */
async function apiLayerChild(mode) {
  const engine = await openEngine(mode === 'on' ? 10_000 : 0);
  const handle = createApiHandler(engine);
  const request = {
    method: 'GET',
    path: '/public-article-api',
    query: { limit: '10' },
    headers: { 'x-service-key': engine.demo.public_api_key, host: '127.0.0.1' },
    body: '',
  };
  for (let i = 0; i < 30_000; i++) await handle(request); // warm-up; the journal is full after it
  const started = process.cpuUsage();
  const count = 150_000;
  for (let i = 0; i < count; i++) await handle(request);
  const used = process.cpuUsage(started);
  console.log(JSON.stringify({ ns: ((used.user + used.system) * 1000) / count }));
}

/**
 * The API layer alone, journal on and off, each in a process of its own (as a server runs one
 * engine), the two side by side so that the machine's load falls on both alike; the ratio is the
 * median of the pairs' ratios of CPU time per request.
 */
async function apiLayerCost() {
  const run = (mode) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--api-layer', mode], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.once('exit', (code) =>
        code === 0 ? resolve(JSON.parse(out).ns) : reject(new Error(`exit ${code}`)),
      );
    });
  const ns = { on: [], off: [] };
  for (let pair = 0; pair < 5; pair++) {
    const [on, off] = await Promise.all([run('on'), run('off')]);
    ns.on.push(on);
    ns.off.push(off);
  }
  return {
    on: median(ns.on),
    off: median(ns.off),
    ratio: median(ns.on.map((on, pair) => ns.off[pair] / on)),
  };
}

/**
 * Heap the journal's entries hold once it is full: after 10,000 requests, the heap with the
 * journal full less the heap once it is emptied (the same engine, its caches as they were, so
 * only what the entries kept goes). The ring's columns, allocated when the engine opens, stay.
 */
async function journalMemory() {
  const engine = await openEngine(10_000);
  const handle = createApiHandler(engine);
  // An account no hourly limit stops, so every request runs as a customer's would.
  const { api_key: key } = await engine.accounts.create({ plan: 'enterprise', rate_limit: 1_000_000_000 });
  const account = await engine.accounts.authenticate(key);
  const { id: project } = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  for (let i = 0; i < 10_000; i++) {
    const create = i % 10 < 3;
    await handle({
      method: create ? 'POST' : 'GET',
      path: `/v1/projects/${project}/content`,
      query: create ? {} : { limit: '10', offset: String(i % 50) },
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(create ? { 'idempotency-key': `bench-${i}` } : {}),
        host: '127.0.0.1',
      },
      // A create the engine refuses (length out of range) keeps the store as it was: only the journal grows.
      body: create ? JSON.stringify({ keyword: `espresso grind size ${i}`, type: 'how_to', length: 1 }) : '',
    });
  }
  const entries = (await engine.testDouble.listRequests({ limit: 1 })).pagination.total;
  gc();
  const full = process.memoryUsage().heapUsed;
  engine.testDouble.reset();
  gc();
  return { bytes: full - process.memoryUsage().heapUsed, entries };
}

if (process.argv[2] === '--api-layer') {
  await apiLayerChild(process.argv[3]);
  process.exit(0);
}

const { rps, cpu, journaled } = await httpThroughput();
const api = await apiLayerCost();
const memory = await journalMemory();
// Paired by round: the two servers of a round ran under the same load.
const ratio = median(rps.on.map((on, round) => on / rps.off[round]));
const cpuRatio = median(cpu.on.map((on, round) => cpu.off[round] / on));
console.log(
  JSON.stringify(
    {
      benchmark: 'public article list (limit 10, 10 connections): journal on vs --journal-size 0',
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      journal_on_rps: rps.on.map(Math.round),
      journal_off_rps: rps.off.map(Math.round),
      requests_journaled: journaled,
      throughput_ratio: Number(ratio.toFixed(3)),
      throughput_goal: '>= 0.95',
      server_cpu_us_per_request: {
        journal_on: cpu.on.map((us) => Number(us.toFixed(1))),
        journal_off: cpu.off.map((us) => Number(us.toFixed(1))),
      },
      cpu_throughput_ratio: Number(cpuRatio.toFixed(3)),
      api_layer_cpu_ns_per_request: { journal_on: Math.round(api.on), journal_off: Math.round(api.off) },
      api_layer_throughput_ratio: Number(api.ratio.toFixed(3)),
      journal_entries: memory.entries,
      journal_heap_bytes: memory.bytes,
      journal_heap_bytes_per_entry: Math.round(memory.bytes / memory.entries),
    },
    null,
    2,
  ),
);
if (ratio < 0.95) process.exitCode = 1;
