// `pnpm bench`: client.projects.retrieve() against a bare fetch of the same URL with the same
// headers, both against one local reference server in the same run; prints the ratio (goal ≤ 1.15).
// Needs `pnpm build` first (it measures the built package, as customers get it).
// Both sides use the runtime's global fetch (one keep-alive dispatcher) and parse the JSON body.
import { startServer } from '@rankquill/mock-server';
import Rankquill from '../dist/index.js';

const ROUNDS = 41;
const CALLS_PER_ROUND = 100;
const WARM_UP_ROUNDS = 5;

const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 42 });
// An enterprise account with a limit the run cannot reach, so the rate limiter never answers 429.
const account = await fetch(`${server.url}/__admin/accounts`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ plan: 'enterprise', rate_limit: 10_000_000 }),
}).then((response) => response.json());
const apiKey = account.api_key;
const client = new Rankquill({ apiKey, baseURL: server.apiBaseUrl });
const { id: projectId } = await client.projects.create({ name: 'Bench', domain: 'bench.example' });
const url = `${server.apiBaseUrl}/projects/${projectId}`;
const headers = { accept: 'application/json', authorization: `Bearer ${apiKey}` };

const viaSdk = async () => {
  const project = await client.projects.retrieve(projectId);
  if (project.id !== projectId) throw new Error('wrong project');
};
const viaFetch = async () => {
  const response = await fetch(url, { headers });
  const project = await response.json();
  if (project.id !== projectId) throw new Error('wrong project');
};

async function timeCalls(call) {
  const started = performance.now();
  for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
  return (performance.now() - started) / CALLS_PER_ROUND;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  // Warm-up: connections, the JIT's optimized code for both paths, the server's read cache.
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await timeCalls(viaFetch);
    await timeCalls(viaSdk);
  }
  const sdk = [];
  const bare = [];
  const ratios = [];
  // Many short rounds in alternating order (bare first, then SDK first), so that drift, other
  // processes and GC pauses hit both sides alike; each round's pair gives one ratio.
  for (let round = 0; round < ROUNDS; round++) {
    const bareFirst = round % 2 === 0;
    const first = await timeCalls(bareFirst ? viaFetch : viaSdk);
    const second = await timeCalls(bareFirst ? viaSdk : viaFetch);
    const [bareMs, sdkMs] = bareFirst ? [first, second] : [second, first];
    bare.push(bareMs);
    sdk.push(sdkMs);
    ratios.push(sdkMs / bareMs);
  }
  const ratio = median(ratios);
  console.log(
    `bare fetch:                 ${(median(bare) * 1000).toFixed(0)} µs per call (median of ${ROUNDS} rounds × ${CALLS_PER_ROUND})`,
  );
  console.log(`client.projects.retrieve(): ${(median(sdk) * 1000).toFixed(0)} µs per call`);
  console.log(`ratio of the medians:       ${(median(sdk) / median(bare)).toFixed(3)}`);
  console.log(
    `ratio sdk / bare fetch: ${ratio.toFixed(3)} (median of the per-round ratios; goal ≤ 1.15) ${ratio <= 1.15 ? 'ok' : 'OVER GOAL'}`,
  );
} finally {
  await server.close();
}
