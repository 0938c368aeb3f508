// pnpm bench (mock-server): webhook deliveries per second from the engine (outbox rows, jobs,
// signing, POST, answer recorded in the store, the next delivery of the item started) to the
// reference receiver running in its own process, at the engine's default concurrency, against
// bare signed `fetch` POSTs of the same bodies at the same concurrency, in the same run (both sign
// with the reference server's `nodeWebhookSigner`). Each article sends content.published then
// content.updated; the receiver's log must show every article's two events in that order.
//
// Each round also prints the CPU per delivery of this process and of the receiver's: the ratio is
// set by whichever runs out of a core first, so it moves with the machine's load from run to
// run. The receiver gets every round's deliveries twice, once from each side; the bare side sends
// them under webhook-ids of its own, so that the receiver, which remembers applied ids, takes both
// sides' deliveries as new. After the rounds, the CPU of one delivery is split into its parts
// (outbox write, job claim, signature, POST, outcome write), deliveries one at a time
// (delivery-parts.mjs).
import { buildWebhookRequest, DEFAULT_DELIVERY_CONCURRENCY, nodeWebhookSigner } from '../dist/index.js';
import {
  cpuMsSince,
  deliverAll,
  prepareEngine,
  queueDeliveries,
  SECRET,
  startReceiver,
} from './delivery-fixtures.mjs';
import { deliveryParts } from './delivery-parts.mjs';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PART_ARTICLES = Number(process.env.BENCH_PART_ARTICLES ?? 200);
const WARM_UP = 300;
const DELIVERIES = ARTICLES * 2;
const CONCURRENCY = DEFAULT_DELIVERY_CONCURRENCY;
const GOAL = 0.8;

async function engineRun(prepared, webhookUrl, receiver) {
  const { engine, store, project } = prepared;
  // Queued before the background runs start, so only the delivering is timed.
  await queueDeliveries(prepared, webhookUrl);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const receiverCpu = receiver.cpuMs();
  await deliverAll(engine);
  const seconds = (performance.now() - started) / 1000;
  const result = {
    perSecond: DELIVERIES / seconds,
    cpuMsEach: cpuMsSince(cpu) / DELIVERIES,
    receiverCpuMsEach: (receiver.cpuMs() - receiverCpu) / DELIVERIES,
  };
  const succeeded = await store.count('deliveries', { project_id: project.id, status: 'succeeded' });
  if (succeeded !== DELIVERIES) throw new Error(`${succeeded} of ${DELIVERIES} deliveries succeeded`);
  return result;
}

/** The engine's deliveries as bare requests: same event, id, body and signing secret. */
async function bareRequests(store, signingSecret, webhookUrl) {
  const rows = await store.find('deliveries', { orderBy: [['seq', 'asc']] });
  const bodies = await Promise.all(rows.map((row) => store.get('delivery_bodies', row.id)));
  return rows.map((row, i) => ({ ...row, body: bodies[i].body, url: webhookUrl, signingSecret }));
}

async function baseline(deliveries, receiver) {
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const receiverCpu = receiver.cpuMs();
  const worker = async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++];
      const request = await buildWebhookRequest(
        {
          url: delivery.url,
          secret: SECRET,
          event: delivery.event,
          deliveryId: `${delivery.id}_bare`,
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
    receiverCpuMsEach: (receiver.cpuMs() - receiverCpu) / deliveries.length,
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
  const prepared = await prepareEngine(ARTICLES);
  const { signingSecret } = prepared;
  const receiver = await startReceiver(signingSecret);
  try {
    const webhookUrl = `${receiver.ready.url}/webhook`;
    // The same bodies both ways; the order alternates between rounds, against drift in the load.
    const bodies = async () => bareRequests(prepared.store, signingSecret, webhookUrl);
    // A fresh receiver process compiles its code on the first requests: warm it up, untimed.
    await queueDeliveries(prepared, webhookUrl);
    await baseline((await bodies()).slice(0, WARM_UP), receiver);
    receiver.clearLog();
    let engine;
    let bare;
    if (round % 2 === 0) {
      engine = await engineRun(prepared, webhookUrl, receiver);
      orderProblems = orderProblems.concat(orderingProblems(receiver.log()));
      bare = await baseline(await bodies(), receiver);
    } else {
      bare = await baseline(await bodies(), receiver);
      receiver.clearLog();
      engine = await engineRun(prepared, webhookUrl, receiver);
      orderProblems = orderProblems.concat(orderingProblems(receiver.log()));
    }
    if (round > 0)
      rounds.push({ engine, bare, ratio: engine.perSecond / bare.perSecond, engineFirst: round % 2 === 0 });
  } finally {
    receiver.child.kill('SIGTERM');
    await prepared.store.close();
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => (Number.isNaN(value) ? '?' : value.toFixed(2));
console.log(
  `webhook deliveries to the reference receiver in its own process (${DELIVERIES} per round: ${ARTICLES} articles, published then updated; ${CONCURRENCY} at once; ${ROUNDS} rounds after one to warm up):`,
);
for (const [index, { engine, bare, ratio, engineFirst }] of rounds.entries()) {
  console.log(
    `  round ${index + 1} (${engineFirst ? 'engine' : 'bare'} first): engine (outbox, jobs, signature, POST, outcome stored) ${engine.perSecond.toFixed(0)}/s at ${ms(engine.cpuMsEach)} ms CPU each (receiver ${ms(engine.receiverCpuMsEach)}), bare signed fetch POSTs ${bare.perSecond.toFixed(0)}/s at ${ms(bare.cpuMsEach)} ms CPU each (receiver ${ms(bare.receiverCpuMsEach)}), ratio ${ratio.toFixed(2)}`,
  );
}
const ratio = median(rounds.map((r) => r.ratio));
console.log(`  median ratio engine / baseline: ${ratio.toFixed(2)} (goal >= ${GOAL})`);
console.log(
  `  order per article at the receiver: ${orderProblems.length === 0 ? 'published before updated for every article, every round' : `${orderProblems.length} problems, first: ${orderProblems[0]}`}`,
);
const parts = await deliveryParts(PART_ARTICLES);
const line = (entries) =>
  Object.entries(entries)
    .map(([name, us]) => `${name.replaceAll('_', ' ')} ${us}`)
    .join(', ');
console.log(`CPU per delivery in microseconds, one delivery at a time (${PART_ARTICLES * 2} deliveries):`);
console.log(`  engine: ${line(parts.engine)}`);
console.log(`  bare:   ${line(parts.bare)}`);
console.log(
  JSON.stringify({
    benchmark: 'webhook deliveries, engine / bare signed fetch POSTs',
    ratio: Number(ratio.toFixed(3)),
    goal: `>= ${GOAL}`,
    cpu_us_per_delivery: parts,
  }),
);
if (orderProblems.length > 0) process.exitCode = 1;
