// Fuzzes the reference server's API and the reference receiver's POST /webhook with schemathesis
// (every operation, every check, every phase) against fresh processes, for a bounded time, and
// fails on any 5xx, schema violation or undocumented status. See fuzz/README.md.
//
//   node fuzz/run.mjs [--max-time SECONDS] [--seed N]     (default 120 seconds in all)
//
// Needs the built CLI (`pnpm build`) and Python 3; schemathesis is installed from PyPI into a
// venv under ~/.cache/rankquill. Writes .test-results/fuzz.json ({passed, failed, skipped}: one
// test per fuzzed operation) and each run's schemathesis report next to it.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const fuzzDir = join(repo, 'fuzz');
const resultsDir = join(repo, '.test-results');
const cli = join(repo, 'mock-server/dist/cli.js');
const WEBHOOK_SECRET = 'fuzz-webhook-secret';

const { values } = parseArgs({
  options: { 'max-time': { type: 'string', default: '120' }, seed: { type: 'string' } },
});
const budget = Number(values['max-time']);
if (!Number.isInteger(budget) || budget < 30) {
  console.error(
    `fuzz: --max-time must be a whole number of seconds, 30 or more, got "${values['max-time']}"`,
  );
  process.exit(64);
}
if (!existsSync(cli)) {
  console.error(`fuzz: ${cli} is missing: run \`pnpm build\` first`);
  process.exit(1);
}

mkdirSync(resultsDir, { recursive: true });
const st = schemathesis();
const runs = [];
const children = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

// The SQLite store, as `serve` runs by default: its indexes keep a fuzzed year of clock advance
// to seconds, where the in-memory store scans whole tables for every daily job.
const db = join(fuzzDir, '.run/fuzz.db');
for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
const server = await start(['serve', '--port', '0', '--db', db, '--clock', 'manual'], 'server');
const env = { ...process.env, ...(await prepareAccount(server.ready)) };
// Moving the clock runs every delivery due in the skipped span, one after another, retries
// included. Once the fuzzer has set a webhook to an unreachable address (an IPv6 one fails only
// after 1 to 3 s here), a fuzzed year of advance waits minutes on the network and every request
// behind it times out. So the clock moves first, alone, before any webhook is fuzzed.
runs.push(
  await fuzz('api-clock', 'api.schemathesis.toml', join(repo, 'packages/contract/openapi.json'), {
    seconds: Math.max(5, Math.round(budget * 0.1)),
    args: ['--include-operation-id', 'admin.clock.advance'],
    env,
  }),
);
runs.push(
  await fuzz('api', 'api.schemathesis.toml', join(repo, 'packages/contract/openapi.json'), {
    seconds: Math.round(budget * 0.54),
    args: [
      '--exclude-operation-id',
      'admin.reset',
      '--exclude-operation-id',
      'admin.clock.advance',
      '--exclude-operation-id',
      'admin.faults.create',
    ],
    env,
  }),
);
// A fault is a 5xx, a stall or a dropped connection on purpose: made while other operations are
// fuzzed, it would fail them. So faults are fuzzed after them, alone; only admin routes follow,
// which no fault reaches.
runs.push(
  await fuzz('api-faults', 'api.schemathesis.toml', join(repo, 'packages/contract/openapi.json'), {
    seconds: Math.max(10, Math.round(budget * 0.08)),
    args: ['--include-operation-id', 'admin.faults.create'],
    env,
  }),
);
// Reset brings back the seeded state and with it removes the fuzz account, so it runs last, alone,
// once the server has finished what the runs before left it doing.
await fetch(`${server.ready.url}/healthz`);
runs.push(
  await fuzz('api-reset', 'api.schemathesis.toml', join(repo, 'packages/contract/openapi.json'), {
    seconds: Math.max(5, Math.round(budget * 0.08)),
    args: ['--include-operation-id', 'admin.reset'],
    env,
  }),
);
server.child.kill('SIGTERM');

// Without --signing-secret the receiver checks x-service-key only, as the spec's service sends it.
const receiver = await start(['receive', '--port', '0', '--secret', WEBHOOK_SECRET], 'receiver');
runs.push(
  await fuzz('receiver', 'receiver.schemathesis.toml', join(fuzzDir, 'receiver-openapi.json'), {
    seconds: Math.max(10, Math.round(budget * 0.2)),
    env: {
      ...process.env,
      RANKQUILL_FUZZ_URL: receiver.ready.url,
      RANKQUILL_FUZZ_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  }),
);
receiver.child.kill('SIGTERM');

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const run of runs) {
  totals.passed += run.passed;
  totals.failed += run.failed;
  console.log(
    `fuzz ${run.name}: ${run.cases} test cases over ${run.operations} operations, ${run.failures.length} failing (${run.failures.join('; ') || 'none'})`,
  );
}
writeFileSync(join(resultsDir, 'fuzz.json'), `${JSON.stringify(totals)}\n`);
process.exit(runs.every((run) => run.ok) ? 0 : 1);

/** The `st` of a venv made for fuzz/requirements.txt (made again when the file changes). */
function schemathesis() {
  const requirements = join(fuzzDir, 'requirements.txt');
  const digest = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 12);
  const venv = join(homedir(), '.cache/rankquill', `fuzz-venv-${digest}`);
  const bin = join(venv, 'bin/st');
  if (existsSync(bin)) return bin;
  rmSync(venv, { recursive: true, force: true });
  console.log(`fuzz: installing ${readFileSync(requirements, 'utf8').trim()} into ${venv}`);
  if (spawnSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' }).status !== 0) {
    // Debian ships venv (and ensurepip) apart from python3.
    rmSync(venv, { recursive: true, force: true });
    must(
      spawnSync('bash', [join(repo, 'scripts/debian-packages.sh'), 'python3', 'python3-venv'], {
        stdio: 'inherit',
      }),
    );
    must(spawnSync('/usr/bin/python3', ['-m', 'venv', venv], { stdio: 'inherit' }));
  }
  must(
    spawnSync(
      join(venv, 'bin/pip'),
      ['install', '--quiet', '--disable-pip-version-check', '-r', requirements],
      {
        stdio: 'inherit',
      },
    ),
  );
  return bin;
}

function must(result) {
  if (result.status !== 0) {
    console.error(`fuzz: ${result.error?.message ?? `exit ${result.status}`}`);
    process.exit(1);
  }
}

/** Starts `rankquill-mock <args>` and answers its ready line; its stderr goes to a log file. */
function start(args, name) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const log = join(resultsDir, `fuzz-${name}.log`);
  writeFileSync(log, '');
  child.stderr.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const newline = stdout.indexOf('\n');
      if (newline >= 0) resolve({ child, ready: JSON.parse(stdout.slice(0, newline)) });
    });
    child.once('exit', (code) =>
      reject(new Error(`rankquill-mock ${args[0]} exited with ${code}; see ${log}`)),
    );
  });
}

/**
 * An enterprise account (so the hourly limit never ends the run) with one of everything the
 * path parameters name; their ids go to the dictionaries api.schemathesis.toml reads.
 */
async function prepareAccount(ready) {
  const call = async (path, body, key) => {
    const response = await fetch(`${ready.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { api_key } = await call('/__admin/accounts', { plan: 'enterprise', rate_limit: 1_000_000_000 });
  const project = await call('/v1/projects', { name: 'Fuzz', domain: 'fuzz.example' }, api_key);
  const base = `/v1/projects/${project.id}`;
  const content = await call(`${base}/content`, { keyword: 'fuzzing an api', length: 300 }, api_key);
  const keyword = await call(`${base}/keywords`, { keyword: 'property based testing' }, api_key);
  const exported = await call(`${base}/export`, { types: ['content'], format: 'json' }, api_key);
  const dictionaries = join(fuzzDir, '.run');
  mkdirSync(dictionaries, { recursive: true });
  const ids = {
    'project-id': project.id,
    'content-id': content.id,
    'keyword-id': keyword.id,
    'export-id': exported.id,
  };
  for (const [name, id] of Object.entries(ids))
    writeFileSync(join(dictionaries, `${name}.dict`), `"${id}"\n`);
  return {
    RANKQUILL_FUZZ_URL: ready.url,
    RANKQUILL_FUZZ_API_KEY: api_key,
    RANKQUILL_FUZZ_PUBLIC_API_KEY: ready.demo.public_api_key,
  };
}

/** One schemathesis run; answers its counts from the JSON report. */
async function fuzz(name, config, schema, { seconds, args = [], env }) {
  const report = join(resultsDir, `fuzz-${name}.json`);
  rmSync(report, { force: true });
  const command = [
    '--config-file',
    join(fuzzDir, config),
    'run',
    schema,
    '--max-time',
    String(seconds),
    '--no-color',
    '--report',
    'json',
    '--report-json-path',
    report,
    ...(values.seed ? ['--seed', values.seed] : []),
    ...args,
  ];
  console.log(`\n== fuzz ${name}: st ${command.join(' ')}`);
  const child = spawn(st, command, { stdio: 'inherit', env });
  const status = await new Promise((resolve) => child.once('exit', resolve));
  if (!existsSync(report)) {
    return { name, ok: false, cases: 0, operations: 0, passed: 0, failed: 1, failures: ['no report'] };
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const failing = new Set(result.failures.flatMap((failure) => failure.operations));
  const failures = result.failures.map((failure) => `${failure.code} ${failure.title}: ${failure.count}`);
  // An error (no answer in time, a refused connection) fails its operation like a failed check.
  for (const error of result.errors ?? []) failures.push(`${error.title}: ${error.count}`);
  const failed = failing.size + result.operations.errored;
  return {
    name,
    ok: status === 0 && failed === 0,
    cases: result.test_cases.generated,
    operations: result.operations.selected,
    passed: Math.max(0, result.operations.selected - failed),
    failed,
    failures,
  };
}
