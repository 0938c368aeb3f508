// pnpm bench (mock-server): what the throttle of wrong main API keys costs a request with a right
// key. Per store (memory, SQLite, PostgreSQL on a throwaway cluster), the median time of
// GET /v1/projects through the API layer with the throttle off (failedAuthLimit 0, the baseline)
// and on (the production profile's 30 a minute), measured in alternating rounds of the same run.
// A right key pays one read of the throttle's counter and no write; the ratio says what that is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createApiHandler,
  createMemoryStore,
  Engine,
  engineSchema,
  MANUAL_CLOCK_START,
  ManualClock,
  openPostgresStore,
  openSqliteStore,
} from '../dist/index.js';
import { startPostgresCluster } from '../test/support/postgres-cluster.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(name, store) {
  const engine = await Engine.open({ store, seed: 'bench', clock: new ManualClock(MANUAL_CLOCK_START) });
  const admin = createApiHandler(engine);
  const created = await admin({
    method: 'POST',
    path: '/__admin/accounts',
    query: {},
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'enterprise', rate_limit: 10_000_000 }),
  });
  const { api_key: key } = JSON.parse(created.body);
  const request = {
    method: 'GET',
    path: '/v1/projects',
    query: {},
    headers: { authorization: `Bearer ${key}` },
    body: '',
    clientAddress: '192.0.2.1',
  };
  const handlers = {
    off: createApiHandler(engine, { failedAuthLimit: 0 }),
    on: createApiHandler(engine, { failedAuthLimit: 30 }),
  };
  const samples = { off: [], on: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const answer = await handlers[mode](request);
        samples[mode].push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`${name} ${mode}: ${answer.status} ${answer.body}`);
      }
    }
  }
  const off = median(samples.off);
  const on = median(samples.on);
  console.log(
    `${name.padEnd(10)} throttle off ${off.toFixed(3)} ms, on ${on.toFixed(3)} ms, ratio ${(on / off).toFixed(2)}`,
  );
  await store.close();
}

const dir = mkdtempSync(join(tmpdir(), 'rankquill-bench-throttle-'));
const cluster = await startPostgresCluster();
try {
  console.log(
    `median of ${REQUESTS * ROUNDS} right-key requests per mode (GET /v1/projects, API layer, no HTTP)`,
  );
  await measure('memory', createMemoryStore(engineSchema));
  await measure('sqlite', openSqliteStore(join(dir, 'bench.db'), engineSchema));
  await measure('postgres', await openPostgresStore(await cluster.createDatabase('throttle'), engineSchema));
} finally {
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
