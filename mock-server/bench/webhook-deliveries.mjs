// pnpm bench (mock-server): webhook deliveries per second from the engine (outbox row, job,
// signing, POST, answer recorded in the store) to the reference receiver running in its own
// process, against a baseline of bare signed `fetch` POSTs to the same receiver in the same run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebhookRequest, createMemoryStore, Engine, engineSchema, ManualClock } from '../dist/index.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);
const SECRET = 'rq_whsec_bench';
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function startReceiver() {
  const child = spawn(process.execPath, [cli, 'receive', '--secret', SECRET], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ child, ready: JSON.parse(out.split('\n')[0]) });
    });
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
  });
}

async function baseline(webhookUrl, engine) {
  const body = JSON.stringify({ title: 'Bench', slug: 'bench-baseline', content: '<p>Bench</p>' });
  const started = performance.now();
  for (let i = 0; i < DELIVERIES; i++) {
    const request = await buildWebhookRequest({
      url: webhookUrl,
      secret: SECRET,
      event: 'content.published',
      deliveryId: `dlv_baseline_${i}`,
      at: engine.now(),
      body,
    });
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    await response.text();
    if (response.status !== 200) throw new Error(`baseline answered ${response.status}`);
  }
  return DELIVERIES / ((performance.now() - started) / 1000);
}

async function engineRun(webhookUrl) {
  // A manual clock set to now: the receiver checks webhook-timestamp against its real clock.
  const engine = await Engine.open({
    store: createMemoryStore(engineSchema),
    seed: 'bench',
    clock: new ManualClock(Date.now()),
  });
  const account = await engine.accounts.authenticate(engine.demo.api_key);
  const project = await engine.projects.create(account, { name: 'Bench', domain: 'bench.example' });
  const ids = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const created = await engine.content.create(account, project.id, {
      keyword: `bench delivery ${i}`,
      length: 300,
    });
    ids.push(created.id);
  }
  await engine.advance(60);
  await engine.projects.update(account, project.id, { webhook: { url: webhookUrl, secret: SECRET } });
  for (const id of ids) await engine.content.publish(account, project.id, id);
  const started = performance.now();
  await engine.advance(0);
  const seconds = (performance.now() - started) / 1000;
  const feed = await engine.activity.list(account, project.id, { limit: 1 });
  const delivered = feed.data[0]?.type === 'webhook.delivery_succeeded';
  if (!delivered) throw new Error(`deliveries did not succeed: ${JSON.stringify(feed.data[0])}`);
  return { engine, perSecond: DELIVERIES / seconds };
}

const { child, ready } = await startReceiver();
try {
  const webhookUrl = `${ready.url}/webhook`;
  const { engine, perSecond } = await engineRun(webhookUrl);
  const bare = await baseline(webhookUrl, engine);
  console.log(`webhook deliveries to the reference receiver (${DELIVERIES}, one at a time):`);
  console.log(
    `  engine (outbox, job, signature, POST, outcome stored): ${perSecond.toFixed(0)} deliveries/s`,
  );
  console.log(`  baseline (signed fetch POST only):                     ${bare.toFixed(0)} deliveries/s`);
  console.log(`  ratio engine / baseline: ${(perSecond / bare).toFixed(2)}`);
} finally {
  child.kill('SIGTERM');
}
