import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';
import {
  type RecordedRequest,
  type RecordingReceiver,
  type RecordingReceiverOptions,
  startRecordingReceiver,
} from '../support/recording-receiver';

// One manual-clock server process for every receiver below, each with a project of its own.
const SECRET = 'rq_whsec_item_order';
let server: CliProcess;
let base: string;
let key: string;
const receivers: RecordingReceiver[] = [];

beforeAll(async () => {
  server = await startCli(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
  base = server.ready.url;
  key = server.ready.demo.api_key;
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
async function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
async function call(method: string, path: string, body?: unknown): Promise<any> {
  const answer = await send(method, path, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const advance = (seconds: number) => call('POST', '/__admin/clock/advance', { seconds });
const serverNow = async () => Date.parse((await call('GET', '/__admin/clock')).now);
const eventOf = (request: RecordedRequest) => request.headers['x-service-event'] as string;

async function receiver(options: RecordingReceiverOptions): Promise<RecordingReceiver> {
  const started = await startRecordingReceiver(options);
  receivers.push(started);
  return started;
}

/** Waits (real time, no advance) until `done` holds; generous for a loaded machine. */
async function until(done: () => boolean, what: string, ms = 5000): Promise<void> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > ms) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A project whose webhook points at `url`, and a content item; with `draft`, generated before the webhook was set. */
async function item(url: string, draft: boolean) {
  const project = await call('POST', '/v1/projects', { name: 'Item order', domain: 'order.example' });
  const setWebhook = () => call('PUT', `/v1/projects/${project.id}`, { webhook: { url, secret: SECRET } });
  if (!draft) await setWebhook();
  const content = await call('POST', `/v1/projects/${project.id}/content`, {
    keyword: 'item order',
    length: 300,
  });
  await advance(60);
  if (draft) await setWebhook();
  const path = `/v1/projects/${project.id}`;
  return {
    projectId: project.id as string,
    contentPath: `${path}/content/${content.id}`,
    // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
    deliveries: async (): Promise<any[]> => (await call('GET', `${path}/deliveries?limit=100`)).data,
    // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
    activity: async (): Promise<any[]> => (await call('GET', `${path}/activity?limit=100`)).data,
  };
}

describe('deliveries of one content item, between two processes', () => {
  it('to a receiver that refuses every event: each event leaves when it happens, and the last is retried at +0, +1, +6, +36 minutes', async () => {
    const refusing = await receiver({ status: () => 500 });
    const { projectId, contentPath, deliveries, activity } = await item(refusing.url, false);
    expect(refusing.requests.map(eventOf)).toEqual(['content.generated']);

    await call('POST', `${contentPath}/publish`);
    await until(() => refusing.requests.length === 2, 'content.published arrives, with no advance');
    await call('PUT', contentPath, { title: 'Refused everywhere' });
    const updatedAt = await serverNow();
    await until(() => refusing.requests.length === 3, 'content.updated arrives, with no advance');
    await advance(24 * 3600);

    expect(refusing.requests.map(eventOf)).toEqual([
      'content.generated',
      'content.published',
      'content.updated',
      'content.updated',
      'content.updated',
      'content.updated',
    ]);
    const [updated, published, generated] = await deliveries();
    expect(
      updated.attempts.map((attempt: { at: string }) => (Date.parse(attempt.at) - updatedAt) / 60_000),
    ).toEqual([0, 1, 6, 36]);
    expect([updated.status, published.status, generated.status]).toEqual([
      'failed',
      'superseded',
      'superseded',
    ]);
    expect(published).toMatchObject({ attempt_count: 1, next_attempt_at: null });
    const outcomes = (await activity()).filter((entry) => entry.type.startsWith('webhook.'));
    expect(outcomes.map((entry) => [entry.type, entry.delivery_id])).toEqual([
      ['webhook.delivery_failed', updated.id],
      ['webhook.delivery_superseded', published.id],
      ['webhook.delivery_superseded', generated.id],
    ]);
    expect(outcomes[1].message).toContain(`superseded by content.updated (${updated.id})`);
    expect(refusing.overlaps).toEqual([]);

    const refused = await send('POST', `/v1/projects/${projectId}/deliveries/${published.id}/redeliver`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ type: 'conflict_error', param: 'deliveryId' });
    expect(refused.body.error.message).toContain(`superseded by delivery ${updated.id}`);
    expect(refused.body.error.message).toContain(`Redeliver the item's latest delivery, ${updated.id}`);
  });

  it('to a receiver that refuses only content.generated: content.published arrives when the article is published', async () => {
    const picky = await receiver({
      status: (_, request) => (eventOf(request) === 'content.generated' ? 400 : 200),
    });
    const { contentPath, deliveries } = await item(picky.url, false);
    const started = performance.now();
    await call('POST', `${contentPath}/publish`);
    await until(() => picky.requests.length === 2, 'content.published arrives, with no advance');
    // A second here is generous; before, it came after the 36 minutes of the generated retries.
    expect(performance.now() - started).toBeLessThan(3000);
    const landed = async () => (await call('GET', contentPath)).published_url !== null;
    for (let poll = 0; poll < 100 && !(await landed()); poll++) await new Promise((r) => setTimeout(r, 20));
    expect(await landed()).toBe(true);
    await advance(24 * 3600);
    expect(picky.requests.map(eventOf)).toEqual(['content.generated', 'content.published']);
    expect((await deliveries()).map((delivery) => delivery.status)).toEqual(['succeeded', 'superseded']);
  });

  it('to a slow receiver: one attempt of the item at a time, the next event right after it, in order', async () => {
    const slow = await receiver({
      delayMs: 400,
      status: (_, request) => (eventOf(request) === 'content.published' ? 503 : 200),
    });
    const { contentPath, deliveries } = await item(slow.url, true);
    await call('POST', `${contentPath}/publish`);
    await call('PUT', contentPath, { title: 'While the receiver was slow' });
    await call('POST', `${contentPath}/unpublish`);
    await until(() => slow.requests.length === 3, 'the three events arrive, with no advance');
    await advance(24 * 3600);
    expect(slow.requests.map(eventOf)).toEqual([
      'content.published',
      'content.updated',
      'content.unpublished',
    ]);
    expect(slow.overlaps).toEqual([]);
    expect((await deliveries()).map((delivery) => [delivery.event, delivery.status])).toEqual([
      ['content.unpublished', 'succeeded'],
      ['content.updated', 'succeeded'],
      ['content.published', 'superseded'],
    ]);
  });
});
