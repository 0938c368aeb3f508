import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import type { RecordedRequest } from '../support/recording-receiver';
import { SECRET, useWebhookProcesses } from './webhook-processes';

const dir = mkdtempSync(join(tmpdir(), 'rankquill-webhooks-'));
const { start, recordingReceiver } = useWebhookProcesses({
  afterStop: () => rmSync(dir, { recursive: true, force: true }),
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
async function call(base: string, method: string, path: string, key?: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

const advance = (base: string, seconds: number) =>
  call(base, 'POST', '/__admin/clock/advance', undefined, { seconds });

/** A finished draft in a new project of the server, with the webhook set after generation. */
async function draftWithWebhook(base: string, key: string, webhookUrl: string) {
  const project = await call(base, 'POST', '/v1/projects', key, { name: 'E2E', domain: 'e2e.example' });
  const content = await call(base, 'POST', `/v1/projects/${project.id}/content`, key, {
    keyword: 'end to end webhooks',
    length: 300,
  });
  await advance(base, 60);
  const set = await call(base, 'PUT', `/v1/projects/${project.id}`, key, {
    webhook: { url: webhookUrl, secret: SECRET },
  });
  return {
    projectId: project.id as string,
    contentId: content.id as string,
    signingSecret: set.webhook.signing_secret as string,
  };
}

async function publish(base: string, key: string, projectId: string, contentId: string): Promise<number> {
  await call(base, 'POST', `/v1/projects/${projectId}/content/${contentId}/publish`, key);
  return Date.parse((await call(base, 'GET', '/__admin/clock')).now);
}

/** The project's deliveries, newest first. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely
async function deliveries(base: string, key: string, projectId: string): Promise<any[]> {
  return (await call(base, 'GET', `/v1/projects/${projectId}/deliveries?limit=100`, key)).data;
}

/** Minutes after `from` of each attempt of the newest delivery, on the server clock. */
async function attemptMinutes(base: string, key: string, projectId: string, from: number) {
  const [latest] = await deliveries(base, key, projectId);
  return latest.attempts.map((attempt: { at: string }) => (Date.parse(attempt.at) - from) / 60_000);
}

/** Checks each `v1,` entry of `webhook-signature` against the signing secrets, in order. */
function expectSignedBy(request: RecordedRequest, signingSecrets: string[]) {
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  const entries = signingSecrets.map((signingSecret) => {
    const hmacKey = Buffer.from(signingSecret.slice('whsec_'.length), 'base64');
    return `v1,${createHmac('sha256', hmacKey).update(`${id}.${timestamp}.${request.body}`).digest('base64')}`;
  });
  expect(request.headers['webhook-signature']).toBe(entries.join(' '));
  expect(request.headers['x-service-key']).toBe(SECRET);
  expect(request.headers['x-service-delivery']).toBe(id);
  // The wall-clock second of the attempt, whatever the server's manual clock says.
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
}

describe('webhook delivery between two processes', () => {
  it('publish on a manual clock reaches the reference receiver within a second, with no advance', async () => {
    const server = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    const { url } = server.ready;
    const key = server.ready.demo.api_key;
    const plain = await start(['--secret', SECRET], 'receive');
    const { projectId, contentId, signingSecret } = await draftWithWebhook(
      url,
      key,
      `${plain.ready.url}/webhook`,
    );
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(signingSecret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const started = performance.now();
    await publish(url, key, projectId, contentId);
    const item = await eventually(
      () => call(url, 'GET', `/v1/projects/${projectId}/content/${contentId}`, key),
      (current) => current.published_url !== null,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(item.published_url).toBe(`/en/resources/blog/${item.slug}`);
    const page = await fetch(new URL(item.published_url, plain.ready.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(item.title);
    const log = plain
      .stderr()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log.map((line) => line.event)).toEqual(['content.published']);
    const feed = await call(url, 'GET', `/v1/projects/${projectId}/activity`, key);
    expect(feed.data[0]).toMatchObject({ type: 'webhook.delivery_succeeded', attempts: 1, last_status: 200 });
    expect((await call(url, 'GET', '/__admin/clock')).now).toBe('2026-01-01T00:01:00.000Z');

    // A receiver that checks signatures with the project's signing secret accepts the next one.
    const verifying = await start(['--secret', SECRET, '--signing-secret', signingSecret], 'receive');
    const moved = await call(url, 'PUT', `/v1/projects/${projectId}`, key, {
      webhook: { url: `${verifying.ready.url}/webhook`, secret: SECRET },
    });
    expect(moved.webhook).toEqual({
      url: `${verifying.ready.url}/webhook`,
      secret_set: true,
      signing_secret_set: true,
      previous_signing_secret_expires_at: null,
    });
    await call(url, 'PUT', `/v1/projects/${projectId}/content/${contentId}`, key, { title: 'Signed update' });
    const [update] = await eventually(
      () => deliveries(url, key, projectId),
      ([latest]) => latest.status !== 'pending',
    );
    expect(update).toMatchObject({ event: 'content.updated', status: 'succeeded', attempt_count: 1 });
    expect(update.attempts[0]).toMatchObject({ status: 200, error: null });
  });

  it('tries four times, at +0, +1, +6 and +36 minutes, against a receiver answering 500, then reports failed', async () => {
    const receiver = await recordingReceiver(() => 500);
    const server = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    const { url } = server.ready;
    const key = server.ready.demo.api_key;
    const { projectId, contentId, signingSecret } = await draftWithWebhook(url, key, receiver.url);
    const publishedAt = await publish(url, key, projectId, contentId);
    await advance(url, 24 * 3600);

    expect(receiver.requests).toHaveLength(4);
    expect(await attemptMinutes(url, key, projectId, publishedAt)).toEqual([0, 1, 6, 36]);
    expect(new Set(receiver.requests.map((request) => request.headers['x-service-delivery'])).size).toBe(1);
    for (const request of receiver.requests) {
      expectSignedBy(request, [signingSecret]);
      expect(request.headers['x-service-event']).toBe('content.published');
    }
    const [delivery] = await deliveries(url, key, projectId);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 4, next_attempt_at: null });
    expect(delivery.attempts[3]).toMatchObject({ status: 500, answer: '{"error":"storage down"}' });
    const feed = await call(url, 'GET', `/v1/projects/${projectId}/activity`, key);
    expect(feed.data[0]).toMatchObject({
      type: 'webhook.delivery_failed',
      event: 'content.published',
      delivery_id: receiver.requests[0]?.headers['x-service-delivery'],
      attempts: 4,
      last_status: 500,
    });
    const item = await call(url, 'GET', `/v1/projects/${projectId}/content/${contentId}`, key);
    expect(item.published_url).toBeNull();
  });

  it('succeeds when the receiver comes back before the last retry', async () => {
    const receiver = await recordingReceiver((attempt) => (attempt < 4 ? 500 : 200));
    const server = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    const { url } = server.ready;
    const key = server.ready.demo.api_key;
    const { projectId, contentId } = await draftWithWebhook(url, key, receiver.url);
    const publishedAt = await publish(url, key, projectId, contentId);
    await advance(url, 24 * 3600);

    expect(await attemptMinutes(url, key, projectId, publishedAt)).toEqual([0, 1, 6, 36]);
    const feed = await call(url, 'GET', `/v1/projects/${projectId}/activity`, key);
    expect(feed.data[0]).toMatchObject({ type: 'webhook.delivery_succeeded', attempts: 4, last_status: 200 });
    const item = await call(url, 'GET', `/v1/projects/${projectId}/content/${contentId}`, key);
    expect(item.published_url).toBe(`/en/resources/blog/${item.slug}`);
  });

  it('loses no delivery when the server is killed with SIGKILL between attempts', async () => {
    let down = true;
    const receiver = await recordingReceiver(() => (down ? 500 : 200));
    const db = join(dir, 'kill.db');
    const first = await start(['--port', '0', '--db', db, '--clock', 'manual']);
    const key = first.ready.demo.api_key;
    const { projectId, contentId, signingSecret } = await draftWithWebhook(
      first.ready.url,
      key,
      receiver.url,
    );
    const publishedAt = await publish(first.ready.url, key, projectId, contentId);
    // advance(0) returns once the background attempt has been recorded.
    await advance(first.ready.url, 0);
    expect(receiver.requests).toHaveLength(1);
    await first.stop('SIGKILL');

    down = false;
    const second = await start(['--port', '0', '--db', db, '--clock', 'manual']);
    await advance(second.ready.url, 120);
    expect(receiver.requests).toHaveLength(2);
    const [before, after] = receiver.requests as [RecordedRequest, RecordedRequest];
    expect(after.headers['x-service-delivery']).toBe(before.headers['x-service-delivery']);
    expect(after.body).toBe(before.body);
    expect(await attemptMinutes(second.ready.url, key, projectId, publishedAt)).toEqual([0, 1]);
    expectSignedBy(after, [signingSecret]);
    const item = await call(second.ready.url, 'GET', `/v1/projects/${projectId}/content/${contentId}`, key);
    expect(item.published_url).toBe(`/en/resources/blog/${item.slug}`);
    const feed = await call(second.ready.url, 'GET', `/v1/projects/${projectId}/activity`, key);
    expect(feed.data[0]).toMatchObject({ type: 'webhook.delivery_succeeded', attempts: 2 });
  });

  it('signs with both signing secrets for 24 hours of server time after a rotation, then with the new one only', async () => {
    const recorder = await recordingReceiver(() => 200);
    const server = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    const { url } = server.ready;
    const key = server.ready.demo.api_key;
    const { projectId, contentId, signingSecret: old } = await draftWithWebhook(url, key, recorder.url);
    const rotated = await call(url, 'POST', `/v1/projects/${projectId}/webhook/signing-secret/rotate`, key);
    const fresh = rotated.signing_secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(rotated.previous_signing_secret_expires_at).toBe('2026-01-02T00:01:00.000Z');
    const project = await call(url, 'GET', `/v1/projects/${projectId}`, key);
    expect(JSON.stringify(project)).not.toContain('whsec_');
    expect(project.webhook.previous_signing_secret_expires_at).toBe('2026-01-02T00:01:00.000Z');

    const oldReceiver = await start(['--secret', SECRET, '--signing-secret', old], 'receive');
    const newReceiver = await start(['--secret', SECRET, '--signing-secret', fresh], 'receive');
    /** Replays what the server sent to both verifying receivers; answers their statuses. */
    const replay = (request: RecordedRequest) =>
      Promise.all(
        [oldReceiver, newReceiver].map(async (receiver) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          for (const [name, value] of Object.entries(request.headers)) {
            if (name.startsWith('x-service-') || name.startsWith('webhook-')) headers[name] = String(value);
          }
          const response = await fetch(`${receiver.ready.url}/webhook`, {
            method: 'POST',
            headers,
            body: request.body,
          });
          return response.status;
        }),
      );
    const received = (count: number) =>
      eventually(
        async () => recorder.requests.length,
        (length) => length === count,
      );

    await publish(url, key, projectId, contentId);
    await received(1);
    expectSignedBy(recorder.requests[0] as RecordedRequest, [fresh, old]);
    expect(await replay(recorder.requests[0] as RecordedRequest)).toEqual([200, 200]);

    await advance(url, 24 * 3600 - 1);
    await call(url, 'PUT', `/v1/projects/${projectId}/content/${contentId}`, key, { title: 'Last second' });
    await received(2);
    expect(await replay(recorder.requests[1] as RecordedRequest)).toEqual([200, 200]);

    await advance(url, 1);
    await call(url, 'PUT', `/v1/projects/${projectId}/content/${contentId}`, key, { title: 'A day later' });
    await received(3);
    expectSignedBy(recorder.requests[2] as RecordedRequest, [fresh]);
    expect(await replay(recorder.requests[2] as RecordedRequest)).toEqual([401, 200]);
  });
});
