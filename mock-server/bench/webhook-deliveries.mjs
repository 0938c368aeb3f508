// pnpm bench (mock-server): webhook deliveries per second from the engine (outbox rows, jobs,
// signing, POST, answer recorded in the store, the next delivery of the item started) to the
// reference receiver running in its own process, at the engine's default concurrency, against
// bare signed `fetch` POSTs of the same bodies at the same concurrency, in the same run (both sign
// with the reference server's `nodeWebhookSigner`). Each article sends content.published then
// content.updated; the receiver's log must show every article's two events in that order.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  buildWebhookRequest,
  createMemoryStore,
  DEFAULT_DELIVERY_CONCURRENCY,
  EgressPolicy,
  Engine,
  engineSchema,
  ManualClock,
  NodeWebhookSender,
  nodeWebhookSigner,
  openSqliteStore,
  SystemClock,
} from '../dist/index.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARM_UP = 300;
const DELIVERIES = ARTICLES * 2;
const CONCURRENCY = DEFAULT_DELIVERY_CONCURRENCY;
const SECRET = 'rq_whsec_bench';
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function startReceiver(signingSecret) {
  const child = spawn(
    process.execPath,
    [cli, 'receive', '--secret', SECRET, '--signing-secret', signingSecret],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) {
        resolve({
          child,
          ready: JSON.parse(out.split('\n')[0]),
          log: () => log,
          clearLog: () => {
            log = '';
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
  });
}

/** The engine with ARTICLES published-then-updated articles whose deliveries wait for the background runs. */
async function prepareEngine() {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const store =
    process.env.BENCH_STORE === 'memory'
      ? createMemoryStore(engineSchema)
      : openSqliteStore(':memory:', engineSchema);
  const engine = await Engine.open({
    store,
    seed: 'bench',
    clock,
    wallClock: new SystemClock(),
    webhookSender: new NodeWebhookSender({ egress: new EgressPolicy() }),
    webhookSigner: nodeWebhookSigner,
  });
  const account = await engine.accounts.authenticate(engine.demo.api_key);
  const project = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  const ids = [];
  for (let i = 0; i < ARTICLES; i++) {
    const created = await engine.content.create(account, project.id, {
      keyword: `bench delivery ${i}`,
      length: 300,
    });
    ids.push(created.id);
  }
  await engine.advance(60);
  return { engine, store, account, project, ids };
}

/** Publishes and updates every article: each update waits behind its publish in the item's line. */
async function queueDeliveries(prepared, webhookUrl) {
  const { engine, account, project, ids } = prepared;
  if (prepared.queued) return;
  prepared.queued = true;
  await engine.projects.update(account, project.id, { webhook: { url: webhookUrl, secret: SECRET } });
  for (const id of ids) {
    await engine.content.publish(account, project.id, id);
    await engine.content.update(account, project.id, id, { title: `Updated ${id}` });
  }
}

async function engineRun(prepared, webhookUrl) {
  const { engine, store, project } = prepared;
  // Queued before the background runs start, so only the delivering is timed.
  await queueDeliveries(prepared, webhookUrl);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const background = engine.startBackgroundWork((error) => {
    throw error;
  });
  await background.idle();
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = cpuMsSince(cpu);
  await background.stop();
  const succeeded = await store.count('deliveries', { project_id: project.id, status: 'succeeded' });
  if (succeeded !== DELIVERIES) throw new Error(`${succeeded} of ${DELIVERIES} deliveries succeeded`);
  return { perSecond: DELIVERIES / seconds, cpuMsEach: cpuMs / DELIVERIES };
}

/** Milliseconds of this process's CPU time since `start` (a `process.cpuUsage()`). */
function cpuMsSince(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** The engine's deliveries as bare requests: same event, id, body and signing secret. */
async function bareRequests(store, signingSecret, webhookUrl) {
  const rows = await store.find('deliveries', { orderBy: [['seq', 'asc']] });
  const bodies = await Promise.all(rows.map((row) => store.get('delivery_bodies', row.id)));
  return rows.map((row, i) => ({ ...row, body: bodies[i].body, url: webhookUrl, signingSecret }));
}

async function baseline(deliveries) {
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++];
      const request = await buildWebhookRequest(
        {
          url: delivery.url,
          secret: SECRET,
          event: delivery.event,
          deliveryId: delivery.id,
          at: Date.now(),
          body: delivery.body,
          signingSecrets: [delivery.signingSecret],
        },
        nodeWebhookSigner,
      );
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      await response.text();
      if (response.status !== 200) throw new Error(`baseline answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    perSecond: deliveries.length / ((performance.now() - started) / 1000),
    cpuMsEach: cpuMsSince(cpu) / deliveries.length,
  };
}

/** Every article's events at the receiver, in the order they arrived: published, then updated. */
function orderingProblems(log) {
  const byArticle = new Map();
  for (const line of log.trim().split('\n')) {
    const entry = JSON.parse(line);
    if (entry.status !== 200) return [`a delivery was refused: ${line}`];
    byArticle.set(entry.url, [...(byArticle.get(entry.url) ?? []), entry.event]);
  }
  const problems = [];
  if (byArticle.size !== ARTICLES) problems.push(`${byArticle.size} articles arrived, ${ARTICLES} expected`);
  for (const [url, events] of byArticle) {
    if (events.join() !== 'content.published,content.updated')
      problems.push(`${url}: ${events.join(' then ')}`);
  }
  return problems;
}

const rounds = [];
let orderProblems = [];
// Round 0 warms up both sides' code (the engine's delivery path compiles on its first
// deliveries, as the receiver's does on its first requests) and is not counted.
for (let round = 0; round <= ROUNDS; round++) {
  const prepared = await prepareEngine();
  const { signing_secret: signingSecret } = (
    await prepared.engine.projects.update(prepared.account, prepared.project.id, {
      webhook: { url: 'http://127.0.0.1:9/unused', secret: SECRET },
    })
  ).webhook;
  const receiver = await startReceiver(signingSecret);
  try {
    const webhookUrl = `${receiver.ready.url}/webhook`;
    // The same bodies both ways; the order alternates between rounds, against drift in the load.
    const bodies = async () => bareRequests(prepared.store, signingSecret, webhookUrl);
    // A fresh receiver process compiles its code on the first requests: warm it up, untimed.
    await queueDeliveries(prepared, webhookUrl);
    await baseline((await bodies()).slice(0, WARM_UP));
    receiver.clearLog();
    let engine;
    let bare;
    if (round % 2 === 0) {
      engine = await engineRun(prepared, webhookUrl);
      orderProblems = orderProblems.concat(orderingProblems(receiver.log()));
      bare = await baseline(await bodies());
    } else {
      await queueDeliveries(prepared, webhookUrl);
      bare = await baseline(await bodies());
      receiver.clearLog();
      engine = await engineRun(prepared, webhookUrl);
      orderProblems = orderProblems.concat(orderingProblems(receiver.log()));
    }
    if (round > 0) rounds.push({ engine, bare, ratio: engine.perSecond / bare.perSecond });
  } finally {
    receiver.child.kill('SIGTERM');
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `webhook deliveries to the reference receiver in its own process (${DELIVERIES} per round: ${ARTICLES} articles, published then updated; ${CONCURRENCY} at once; ${ROUNDS} rounds after one to warm up):`,
);
for (const [index, { engine, bare, ratio }] of rounds.entries()) {
  console.log(
    `  round ${index + 1}: engine (outbox, jobs, signature, POST, outcome stored) ${engine.perSecond.toFixed(0)}/s at ${engine.cpuMsEach.toFixed(2)} ms CPU each, bare signed fetch POSTs ${bare.perSecond.toFixed(0)}/s at ${bare.cpuMsEach.toFixed(2)} ms CPU each, ratio ${ratio.toFixed(2)}`,
  );
}
console.log(
  `  median ratio engine / baseline: ${median(rounds.map((r) => r.ratio)).toFixed(2)} (goal >= 0.8)`,
);
console.log(
  `  order per article at the receiver: ${orderProblems.length === 0 ? 'published before updated for every article, every round' : `${orderProblems.length} problems, first: ${orderProblems[0]}`}`,
);
if (orderProblems.length > 0) process.exitCode = 1;
