import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@rankquill/mock-server';
import Rankquill from '@rankquill/sdk';
import { type ReferenceReceiver, startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateAndPublish } from '../src/generate-and-publish';

const SECRET = 'example-secret';
let service: RunningServer;
let receiver: ReferenceReceiver;

function client(): Rankquill {
  return new Rankquill({ apiKey: service.demo.api_key, baseURL: service.apiBaseUrl });
}

/**
 * Moves the service's manual clock `step` seconds every 20 ms until `work` settles, so that
 * generation, deliveries and retries happen while the script waits for them.
 */
async function whileClockRuns<T>(work: Promise<T>, step = 10): Promise<T> {
  let settled = false;
  const ticking = (async () => {
    while (!settled) {
      await fetch(`${service.url}/__admin/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: step }),
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return await work;
  } finally {
    settled = true;
    await ticking;
  }
}

async function setWebhook(secret: string): Promise<void> {
  await client().projects.update(service.demo.project_id, {
    webhook: { url: `${receiver.url}/webhook`, secret },
  });
}

beforeAll(async () => {
  service = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 11 });
  // Without a signing secret the receiver checks x-service-key, all the spec's service sends.
  receiver = await startReferenceReceiver({ secret: SECRET });
});

afterEach(async () => {
  await fetch(`${service.url}/__admin/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
});

afterAll(async () => {
  await receiver.close();
  await service.close();
});

describe('generate and publish', () => {
  it('generates, publishes, and reports the delivery the receiver accepted', async () => {
    await setWebhook(SECRET);
    const lines: string[] = [];
    const report = await whileClockRuns(
      generateAndPublish(client(), {
        projectId: service.demo.project_id,
        keyword: 'moka pot guide',
        length: 600,
        pollInterval: 50,
        log: (line) => lines.push(line),
      }),
    );

    expect(report.article.status).toBe('published');
    expect(report.webhook).toBe(true);
    expect(report.delivery).toMatchObject({
      type: 'webhook.delivery_succeeded',
      attempts: 1,
      last_status: 200,
    });
    expect(report.article.published_url).toBe(`/en/resources/blog/${report.article.slug}`);
    expect((await receiver.store.get(report.article.slug ?? ''))?.title).toBe(report.article.title);
    expect(report.activity.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['content.generated', 'content.published', 'webhook.delivery_succeeded']),
    );
    expect(lines[0]).toBe('generating an article for "moka pot guide"');
    expect(lines[1]).toMatch(/^draft cnt_\w+: ".+", \d+ words$/);
    expect(lines).toContain(report.delivery?.message);
  });

  it('says so when the project has no webhook', async () => {
    const lines: string[] = [];
    const report = await whileClockRuns(
      generateAndPublish(client(), {
        projectId: service.demo.project_id,
        keyword: 'moka pot guide',
        length: 300,
        pollInterval: 50,
        log: (line) => lines.push(line),
      }),
    );
    expect(report).toMatchObject({ webhook: false, delivery: undefined });
    expect(lines).toContain('no webhook is set on the project: nothing was sent');
  });

  it('reports a delivery the receiver refused as pending, then failed once the retries run out', async () => {
    await setWebhook('not-the-receivers-secret');
    const pending = await whileClockRuns(
      generateAndPublish(client(), {
        projectId: service.demo.project_id,
        keyword: 'moka pot guide',
        length: 300,
        pollInterval: 50,
        deliveryTimeout: 200,
      }),
      // 3 s a tick: generation ends within the client's one second on a loaded runner, and the
      // first retry (a minute on) still lies beyond the 200 ms the delivery is waited for.
      3,
    );
    expect(pending.delivery).toBeUndefined();

    // Retries come 1, 5 and 30 minutes after each failure: 36 minutes in all.
    const failed = await whileClockRuns(
      generateAndPublish(client(), {
        projectId: service.demo.project_id,
        keyword: 'aeropress inverted method',
        length: 300,
        pollInterval: 50,
        deliveryTimeout: 20_000,
      }),
      120,
    );
    expect(failed.delivery).toMatchObject({ type: 'webhook.delivery_failed', attempts: 4, last_status: 401 });
  });

  it('runs as a script', async () => {
    await setWebhook(SECRET);
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('../src/main.ts', import.meta.url)), 'french press grind'],
      {
        env: {
          ...process.env,
          RANKQUILL_API_KEY: service.demo.api_key,
          RANKQUILL_BASE_URL: service.apiBaseUrl,
          RANKQUILL_PROJECT_ID: service.demo.project_id,
          LENGTH: '300',
          POLL_INTERVAL_MS: '50',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(await whileClockRuns(exited)).toBe(0);
    expect(output).toMatch(/^published cnt_\w+ at 2026-/m);
    expect(output).toMatch(/^Delivered content\.published to .*\(HTTP 200\) after 1 attempt\.$/m);
    expect(output).toMatch(/^live at \/en\/resources\/blog\/\S+$/m);
  });
});
