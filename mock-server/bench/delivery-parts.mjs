// The CPU time one delivery costs this process, part by part, for the deliveries benchmark. The
// deliveries run one at a time (nothing else runs in the process meanwhile), so the CPU time from
// the start of a part to its end is that part's: the transactions through a store that notes what
// each wrote (the job claim writes only `jobs`; the outcome writes the delivery), the signer and
// the sender wrapped in a clock. The outbox write is what publishing and updating cost with a
// webhook set, less what they cost without one. The bare side is timed the same way.
import { buildWebhookRequest, EgressPolicy, NodeWebhookSender, nodeWebhookSigner } from '../dist/index.js';
import {
  cpuMsSince,
  deliverAll,
  prepareEngine,
  queueDeliveries,
  SECRET,
  startReceiver,
} from './delivery-fixtures.mjs';

const WRITES = new Set(['insert', 'put', 'delete', 'deleteWhere']);

/** `store`, whose transactions add their CPU time to `tally`: `claim` (jobs only), `outcome` (a delivery written), or `other`. */
function timedStore(store, tally) {
  const watched = (tx, written) =>
    new Proxy(tx, {
      get(target, name) {
        const value = target[name];
        if (typeof value !== 'function') return value;
        if (!WRITES.has(name)) return value.bind(target);
        return (table, ...rest) => {
          written.add(table);
          return value.call(target, table, ...rest);
        };
      },
    });
  return new Proxy(store, {
    get(target, name) {
      const value = target[name];
      if (name !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
      return (work) => {
        const written = new Set();
        const start = process.cpuUsage();
        return target
          .transaction((tx) => work(watched(tx, written)))
          .finally(() => {
            const part = written.has('deliveries')
              ? 'outcome'
              : written.size === 1 && written.has('jobs')
                ? 'claim'
                : 'other';
            tally[part] += cpuMsSince(start);
          });
      };
    },
  });
}

/** `fn`, adding the CPU time of each call (until its promise settles) to `tally[part]`. */
function timed(tally, part, fn) {
  return async (...args) => {
    const start = process.cpuUsage();
    try {
      return await fn(...args);
    } finally {
      tally[part] += cpuMsSince(start);
    }
  };
}

/** CPU ms per delivery of publishing and updating `articles` articles, with the webhook set or not. */
async function publishCost(articles, withWebhook, receiverUrl) {
  const prepared = await prepareEngine(articles);
  const { engine, account, project, ids } = prepared;
  if (!withWebhook) await engine.projects.update(account, project.id, { webhook: null });
  const start = process.cpuUsage();
  if (withWebhook) await queueDeliveries(prepared, receiverUrl);
  else {
    for (const id of ids) {
      await engine.content.publish(account, project.id, id);
      await engine.content.update(account, project.id, id, { title: `Updated ${id}` });
    }
  }
  const ms = cpuMsSince(start) / (articles * 2);
  await prepared.store.close();
  return ms;
}

/**
 * Sends the engine's deliveries again as bare signed `fetch` POSTs, one at a time, under
 * webhook-ids of their own (`suffix`; the receiver would answer the engine's as replays), adding
 * the CPU of signing and of the POST to `tally`; answers how many it sent.
 */
async function bareSend(prepared, webhookUrl, suffix, tally) {
  const rows = await prepared.store.find('deliveries', { orderBy: [['seq', 'asc']] });
  const bodies = await Promise.all(rows.map((row) => prepared.store.get('delivery_bodies', row.id)));
  const sign = timed(tally, 'signature', nodeWebhookSigner);
  const post = timed(tally, 'post', async (request) => {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    await response.text();
    if (response.status !== 200) throw new Error(`the receiver answered ${response.status}`);
  });
  for (const [i, row] of rows.entries()) {
    const request = await buildWebhookRequest(
      {
        url: webhookUrl,
        secret: SECRET,
        event: row.event,
        deliveryId: `${row.id}${suffix}`,
        at: Date.now(),
        body: bodies[i].body,
        signingSecrets: [prepared.signingSecret],
      },
      sign,
    );
    await post(request);
  }
  return rows.length;
}

/**
 * Per delivery, in microseconds of this process's CPU: the engine's parts (outbox write, job
 * claim, signature, POST, outcome write, the rest) and the bare side's (signature, POST with
 * fetch), and the receiver's CPU in its own process for each side.
 */
export async function deliveryParts(articles) {
  // The first pass warms the code of both sides and of a receiver up; the second is the one timed.
  await measureParts(Math.min(articles, 50));
  return measureParts(articles);
}

async function measureParts(articles) {
  const tally = { claim: 0, outcome: 0, other: 0, signature: 0, post: 0 };
  const sender = new NodeWebhookSender({ egress: new EgressPolicy() });
  const prepared = await prepareEngine(articles, {
    concurrency: 1,
    wrapStore: (store) => timedStore(store, tally),
    signer: timed(tally, 'signature', nodeWebhookSigner),
    sender: { send: timed(tally, 'post', (request) => sender.send(request)) },
  });
  const receiver = await startReceiver(prepared.signingSecret);
  try {
    const webhookUrl = `${receiver.ready.url}/webhook`;
    const deliveries = articles * 2;
    const outbox =
      (await publishCost(articles, true, webhookUrl)) - (await publishCost(articles, false, webhookUrl));
    await queueDeliveries(prepared, webhookUrl);
    // A receiver's first requests compile its code: it answers a round of them first, untimed.
    await bareSend(prepared, webhookUrl, '_warm', { signature: 0, post: 0 });
    for (const part of Object.keys(tally)) tally[part] = 0;
    const start = process.cpuUsage();
    const receiverStart = receiver.cpuMs();
    await deliverAll(prepared.engine);
    const total = cpuMsSince(start);
    const engineReceiver = (receiver.cpuMs() - receiverStart) / deliveries;
    const bare = { signature: 0, post: 0 };
    const bareStart = process.cpuUsage();
    const bareReceiverStart = receiver.cpuMs();
    const sent = await bareSend(prepared, webhookUrl, '_bare', bare);
    const bareTotal = cpuMsSince(bareStart);
    const bareReceiver = (receiver.cpuMs() - bareReceiverStart) / sent;
    const us = (ms) => Math.round(ms * 1000);
    const per = (ms) => us(ms / deliveries);
    const parts = {
      outbox_write: us(outbox),
      job_claim: per(tally.claim),
      signature: per(tally.signature),
      post: per(tally.post),
      outcome_write: per(tally.outcome),
      rest: per(total - tally.claim - tally.signature - tally.post - tally.outcome),
    };
    return {
      engine: { ...parts, total_after_outbox: per(total), receiver: us(engineReceiver) },
      bare: {
        signature: us(bare.signature / sent),
        post: us(bare.post / sent),
        total: us(bareTotal / sent),
        receiver: us(bareReceiver),
      },
    };
  } finally {
    receiver.child.kill('SIGTERM');
    sender.close();
    await prepared.store.close();
  }
}
