// What the deliveries benchmark is made of: the reference receiver in its own process, an engine
// with published-then-updated articles whose deliveries wait for the background runs, and the
// CPU time of a process, this one or another (from /proc, on Linux).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createMemoryStore,
  EgressPolicy,
  Engine,
  engineSchema,
  ManualClock,
  NodeWebhookSender,
  nodeWebhookSigner,
  openSqliteStore,
  SystemClock,
} from '../dist/index.js';
import { startProcess } from './child-process.mjs';

export const SECRET = 'rq_whsec_bench';
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** The reference receiver (`rankquill-mock receive`) checking signatures with `signingSecret`. */
export async function startReceiver(signingSecret) {
  let log = '';
  const { child, ready } = await startProcess(
    cli,
    ['receive', '--secret', SECRET, '--signing-secret', signingSecret],
    {
      onStderr: (chunk) => {
        log += chunk;
      },
    },
  );
  return {
    child,
    ready,
    log: () => log,
    clearLog: () => {
      log = '';
    },
    /** Milliseconds of CPU the receiver process has used, or NaN where /proc is not there. */
    cpuMs: () => processCpuMs(child.pid),
  };
}

/** Milliseconds of CPU (user and system) process `pid` has used, read from /proc; NaN elsewhere. */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Milliseconds of this process's CPU time since `start` (a `process.cpuUsage()`). */
export function cpuMsSince(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/**
 * An engine on SQLite in memory (as `serve --db :memory:` runs; BENCH_STORE=memory for the memory
 * store of the MSW handlers) with `articles` generated
 * articles, the reference server's sender and signer (or `options.signer`, `options.sender`,
 * `options.wrapStore` in their place), and a project whose webhook is set to an unused address.
 */
export async function prepareEngine(articles, options = {}) {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const opened =
    process.env.BENCH_STORE === 'memory'
      ? createMemoryStore(engineSchema)
      : openSqliteStore(':memory:', engineSchema);
  const store = options.wrapStore ? options.wrapStore(opened) : opened;
  const engine = await Engine.open({
    store,
    seed: 'bench',
    clock,
    wallClock: new SystemClock(),
    webhookSender: options.sender ?? new NodeWebhookSender({ egress: new EgressPolicy() }),
    webhookSigner: options.signer ?? nodeWebhookSigner,
    deliveryConcurrency: options.concurrency,
  });
  const account = await engine.accounts.authenticate(engine.demo.api_key);
  const project = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  const ids = [];
  for (let i = 0; i < articles; i++) {
    const created = await engine.content.create(account, project.id, {
      keyword: `bench delivery ${i}`,
      length: 300,
    });
    ids.push(created.id);
  }
  await engine.advance(60);
  const { signing_secret: signingSecret } = (
    await engine.projects.update(account, project.id, {
      webhook: { url: 'http://127.0.0.1:9/unused', secret: SECRET },
    })
  ).webhook;
  return { engine, store: opened, account, project, ids, signingSecret };
}

/** Points the project's webhook at `webhookUrl`, then publishes and updates every article. */
export async function queueDeliveries(prepared, webhookUrl) {
  const { engine, account, project, ids } = prepared;
  if (prepared.queued) return;
  prepared.queued = true;
  await engine.projects.update(account, project.id, { webhook: { url: webhookUrl, secret: SECRET } });
  for (const id of ids) {
    await engine.content.publish(account, project.id, id);
    await engine.content.update(account, project.id, id, { title: `Updated ${id}` });
  }
}

/** Runs the queued deliveries in the background runs until none is left; throws on any failure. */
export async function deliverAll(engine) {
  const background = engine.startBackgroundWork((error) => {
    throw error;
  });
  await background.idle();
  await background.stop();
}
