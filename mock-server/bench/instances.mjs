// pnpm bench (mock-server): write throughput of the reference server on PostgreSQL (a throwaway
// cluster), one instance against two instances on the same database, in the same run. The write
// is the main API's content create (a content row, its generation job and the id counter in one
// transaction), sent by autocannon with 10 connections per instance, each body a new keyword.
import autocannon from 'autocannon';
import { startPostgresCluster } from '../test/support/postgres-cluster.ts';
import { startServe, stopProcess } from './child-process.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

function startInstance(url) {
  return startServe(['--port', '0', '--db', url, '--seed', 'bench']);
}

async function call(base, method, path, body, key) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

let keywords = 0;
/** Creates content on `instance` for the bench's duration; answers completed 2xx requests per second. */
async function writeLoad(instance, key, projectId, label) {
  const result = await autocannon({
    url: instance.ready.url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: `/v1/projects/${projectId}/content`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ keyword: `bench ${label} ${++keywords}`, length: 300 }),
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

const cluster = await startPostgresCluster();
const instances = [];
try {
  const url = await cluster.createDatabase('instances');
  const first = await startInstance(url);
  instances.push(first);
  const base = first.ready.url;
  const account = await call(base, 'POST', '/__admin/accounts', {
    plan: 'enterprise',
    rate_limit: 100_000_000,
  });
  const project = await call(
    base,
    'POST',
    '/v1/projects',
    { name: 'Bench', domain: 'bench.example' },
    account.api_key,
  );

  await writeLoad(first, account.api_key, project.id, 'warm-up');
  const one = await writeLoad(first, account.api_key, project.id, 'one');

  const second = await startInstance(url);
  instances.push(second);
  const [a, b] = await Promise.all([
    writeLoad(first, account.api_key, project.id, 'two-a'),
    writeLoad(second, account.api_key, project.id, 'two-b'),
  ]);
  const two = a + b;
  console.log(
    JSON.stringify(
      {
        benchmark: `content creates per second on PostgreSQL, ${CONNECTIONS} connections per instance`,
        seconds: DURATION,
        one_instance_rps: Math.round(one),
        two_instances_rps: Math.round(two),
        two_instances_split_rps: [Math.round(a), Math.round(b)],
        two_vs_one: Number((two / one).toFixed(2)),
      },
      null,
      2,
    ),
  );
} finally {
  await Promise.all(instances.map((instance) => stopProcess(instance.child)));
  await cluster.stop();
}
