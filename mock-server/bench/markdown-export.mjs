// pnpm bench (mock-server): the Markdown export under hostile and large input, over HTTP.
// 1. An article written with 250-deep nesting (<em>, alternating marks, lists, quotes): the time
//    of its project's Markdown export, against the same export of an article holding the same
//    text without nesting, in the same run. Goal: under 50 ms.
// 2. The event loop of a server (its own process, SQLite store) while it streams the Markdown
//    export of 10,000 articles: the longest stall it measured (perf_hooks event-loop delay) and the
//    slowest /healthz answer a client got meanwhile, against the same figures while idle for as
//    long. Goal: no stall over 100 ms.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startServer } from '../dist/index.js';
import { seedArticles } from './seed-articles.mjs';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const SEED = '2026';
const RUNS = 20;
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === 'serve') {
  await serveAndWatchLoop(process.argv[3]);
} else {
  const nesting = await deepNesting();
  const loop = await eventLoopDuringExport();
  console.log(
    JSON.stringify({ benchmark: 'Markdown export', deep_nesting: nesting, event_loop: loop }, null, 2),
  );
}

async function deepNesting() {
  const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: SEED });
  const headers = { authorization: `Bearer ${server.demo.api_key}`, 'content-type': 'application/json' };
  const call = async (method, path, body) => {
    const response = await fetch(`${server.apiBaseUrl}${path}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
    });
    return response.json();
  };
  /** A project with one article of `content`. */
  const projectWith = async (name, content) => {
    const project = await call('POST', '/projects', { name, domain: `${name}.example` });
    const item = await call('POST', `/projects/${project.id}/content`, { keyword: name, length: 300 });
    await fetch(`${server.url}/__admin/clock/advance`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ seconds: 60 }),
    });
    await call('PUT', `/projects/${project.id}/content/${item.id}`, { content });
    return project.id;
  };
  const timeExport = async (projectId) => {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const response = await fetch(
        `${server.apiBaseUrl}/projects/${projectId}/content/export?format=markdown`,
        {
          headers,
        },
      );
      await response.text();
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const nested = (open, close, depth) => `${open.repeat(depth)}deep${close.repeat(depth)}`;
  const cases = {
    em: nested('<em>', '</em>', 250),
    alternating_marks: nested('<em><strong>', '</strong></em>', 125),
    lists: nested('<ul><li>', '</li></ul>', 250),
    quotes: nested('<blockquote>', '</blockquote>', 250),
  };
  const results = {};
  for (const [name, html] of Object.entries(cases)) {
    const text = 'deep '.repeat(Math.ceil(html.length / 5));
    const deep = await projectWith(`deep-${name.replace('_', '-')}`, html);
    const flat = await projectWith(`flat-${name.replace('_', '-')}`, `<p>${text}</p>`);
    await timeExport(deep);
    await timeExport(flat);
    const deepMs = await timeExport(deep);
    const flatMs = await timeExport(flat);
    results[name] = {
      deep_ms: round(deepMs),
      flat_same_length_ms: round(flatMs),
      ratio_deep_over_flat: round(deepMs / flatMs),
    };
  }
  await server.close();
  return { runs: RUNS, statistic: 'median', goal_ms: 50, ...results };
}

async function eventLoopDuringExport() {
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-bench-markdown-'));
  const db = join(dir, 'bench.db');
  try {
    const { projectId, apiKey } = await seedArticles(db, { articles: ARTICLES, seed: SEED });
    const child = fork(self, ['serve', db], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const [ready] = await once(child, 'message');
    const headers = { authorization: `Bearer ${apiKey}` };
    const url = `${ready.apiBaseUrl}/projects/${projectId}/content/export?format=markdown`;
    // Warm the conversion up on a small project first.
    await (await fetch(url.replace(projectId, ready.demoProjectId), { headers })).text();

    const export_ = await watch(child, ready, async () => {
      let bytes = 0;
      const response = await fetch(url, { headers });
      for await (const chunk of response.body) bytes += chunk.byteLength;
      return bytes;
    });
    const idle = await watch(child, ready, () => new Promise((resolve) => setTimeout(resolve, export_.ms)));
    child.send({ stop: true });
    await once(child, 'exit');
    return {
      articles: ARTICLES,
      export_ms: Math.round(export_.ms),
      export_mb: round(export_.result / 1024 / 1024),
      during_export: export_.figures,
      idle_as_long: idle.figures,
      goal: 'no stall over 100 ms while exporting',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `work` while the server process measures its event-loop delay and this process asks
 * /healthz every 20 ms; answers the work's result, its time and both figures.
 */
async function watch(child, ready, work) {
  child.send({ start: true });
  await once(child, 'message');
  const health = [];
  let running = true;
  const pinging = (async () => {
    while (running) {
      const started = performance.now();
      await healthz(ready.url);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  running = false;
  await pinging;
  child.send({ report: true });
  const [loop] = await once(child, 'message');
  return {
    ms,
    result,
    figures: {
      loop_delay_max_ms: loop.max,
      loop_delay_p99_ms: loop.p99,
      healthz_answers: health.length,
      healthz_max_ms: round(Math.max(...health)),
      healthz_median_ms: round(median(health)),
    },
  };
}

/** GET /healthz on a connection of its own, so it never waits behind the export's. */
function healthz(url) {
  return new Promise((resolve, reject) => {
    get(`${url}/healthz`, { agent: false }, (answer) => {
      answer.resume();
      answer.on('end', resolve);
    }).on('error', reject);
  });
}

/** The server process: serves the store and measures its own event-loop delay between start and report. */
async function serveAndWatchLoop(db) {
  const server = await startServer({ port: 0, db, clock: 'manual', seed: SEED });
  process.send({ url: server.url, apiBaseUrl: server.apiBaseUrl, demoProjectId: server.demo.project_id });
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  process.on('message', async (message) => {
    if (message.start) {
      histogram.reset();
      histogram.enable();
      process.send({ started: true });
    } else if (message.report) {
      histogram.disable();
      process.send({ max: round(histogram.max / 1e6), p99: round(histogram.percentile(99) / 1e6) });
    } else if (message.stop) {
      await server.close();
      process.disconnect();
    }
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function round(value) {
  return Number(value.toFixed(1));
}
