import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, type CliProcess, startCli } from '../support/cli-process';
import {
  type RecordedRequest,
  type RecordingReceiver,
  startRecordingReceiver,
} from '../support/recording-receiver';

const SECRET = 'rq_whsec_e2e_5f1d0c9a';
const dir = mkdtempSync(join(tmpdir(), 'rankquill-webhooks-'));
const running: CliProcess[] = [];
const receivers: RecordingReceiver[] = [];
afterAll(async () => {
  await Promise.all(running.map((process) => process.stop('SIGKILL')));
  await Promise.all(receivers.map((receiver) => receiver.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(args: string[], command = 'serve') {
  const cli = await startCli(args, command);
  running.push(cli);
  return cli;
}

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

/** A receiver in the test process that records every request and answers with `status()`. */
async function recordingReceiver(status: (attempt: number) => number) {
  const receiver = await startRecordingReceiver({ status });
  receivers.push(receiver);
  return receiver;
}

/** A finished draft in a new project of the server, with the webhook set after generation. */
async function draftWithWebhook(base: string, key: string, webhookUrl: string) {
  const project = await call(base, 'POST', '/v1/projects', key, { name: 'E2E', domain: 'e2e.example' });
  const content = await call(base, 'POST', `/v1/projects/${project.id}/content`, key, {
    keyword: 'end to end webhooks',
    length: 300,
  });
  await advance(base, 60);
  await call(base, 'PUT', `/v1/projects/${project.id}`, key, {
    webhook: { url: webhookUrl, secret: SECRET },
  });
  return { projectId: project.id as string, contentId: content.id as string };
}

async function publish(base: string, key: string, projectId: string, contentId: string): Promise<number> {
  await call(base, 'POST', `/v1/projects/${projectId}/content/${contentId}/publish`, key);
  return Math.floor(Date.parse((await call(base, 'GET', '/__admin/clock')).now) / 1000);
}

function expectSigned(request: RecordedRequest) {
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  const expected = createHmac('sha256', SECRET).update(`${id}.${timestamp}.${request.body}`).digest('base64');
  expect(request.headers['webhook-signature']).toBe(`v1,${expected}`);
  expect(request.headers['x-service-key']).toBe(SECRET);
  expect(request.headers['x-service-delivery']).toBe(id);
}

describe('webhook delivery between two processes', () => {
  it('publishes to the reference receiver: the article page appears and published_url is stored', async () => {
    const receiver = await start(['--secret', SECRET, '--no-verify-signature'], 'receive');
    const server = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    const { url } = server.ready;
    const key = server.ready.demo.api_key;
    const { projectId, contentId } = await draftWithWebhook(url, key, `${receiver.ready.url}/webhook`);
    await publish(url, key, projectId, contentId);
    await advance(url, 0);

    const item = await call(url, 'GET', `/v1/projects/${projectId}/content/${contentId}`, key);
    expect(item.published_url).toBe(`/en/resources/blog/${item.slug}`);
    const page = await fetch(new URL(item.published_url, receiver.ready.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(item.title);
    const log = receiver
      .stderr()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log.map((line) => line.event)).toEqual(['content.published']);
    const feed = await call(url, 'GET', `/v1/projects/${projectId}/activity`, key);
    expect(feed.data[0]).toMatchObject({ type: 'webhook.delivery_succeeded', attempts: 1, last_status: 200 });
  });

  it('tries four times, at +0, +1, +6 and +36 minutes, against a receiver answering 500, then reports failed', async () => {
    const receiver = await recordingReceiver(() => 500);
    const server = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    const { url } = server.ready;
    const key = server.ready.demo.api_key;
    const { projectId, contentId } = await draftWithWebhook(url, key, receiver.url);
    const publishedAt = await publish(url, key, projectId, contentId);
    await advance(url, 24 * 3600);

    expect(receiver.requests).toHaveLength(4);
    const instants = receiver.requests.map(
      (request) => Number(request.headers['webhook-timestamp']) - publishedAt,
    );
    expect(instants).toEqual([0, 60, 360, 2160]);
    expect(new Set(receiver.requests.map((request) => request.headers['x-service-delivery'])).size).toBe(1);
    for (const request of receiver.requests) {
      expectSigned(request);
      expect(request.headers['x-service-event']).toBe('content.published');
    }
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

    expect(
      receiver.requests.map((request) => Number(request.headers['webhook-timestamp']) - publishedAt),
    ).toEqual([0, 60, 360, 2160]);
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
    const { projectId, contentId } = await draftWithWebhook(first.ready.url, key, receiver.url);
    const publishedAt = await publish(first.ready.url, key, projectId, contentId);
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
    expect(Number(after.headers['webhook-timestamp']) - publishedAt).toBe(60);
    expectSigned(after);
    const item = await call(second.ready.url, 'GET', `/v1/projects/${projectId}/content/${contentId}`, key);
    expect(item.published_url).toBe(`/en/resources/blog/${item.slug}`);
    const feed = await call(second.ready.url, 'GET', `/v1/projects/${projectId}/activity`, key);
    expect(feed.data[0]).toMatchObject({ type: 'webhook.delivery_succeeded', attempts: 2 });
  });
});

describe('rankquill-mock trigger', () => {
  function trigger(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI_PATH, 'trigger', ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('sends every event, signed, to a verifying reference receiver and prints its answer', async () => {
    const receiver = await start(['--secret', SECRET], 'receive');
    const events = [
      'content.generated',
      'content.published',
      'content.updated',
      'content.unpublished',
      'content.deleted',
      'keyword.ranking_changed',
      'ai_visibility.mention_detected',
    ];
    for (const event of events) {
      const result = await trigger([event, '--to', `${receiver.ready.url}/webhook`, '--secret', SECRET]);
      expect(result.code, `${event}: ${result.stdout}${result.stderr}`).toBe(0);
      const answer = JSON.parse(result.stdout);
      expect(answer).toMatchObject({ event, status: 200, error: null, body: { success: true } });
      expect(answer.delivery_id).toMatch(/^dlv_/);
    }
    const log = receiver
      .stderr()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log.map((line) => [line.event, line.status])).toEqual(events.map((event) => [event, 200]));
  });

  it('exits 1 with the answer when the receiver refuses, and 64 for an unknown event', async () => {
    const receiver = await start(['--secret', SECRET], 'receive');
    const refused = await trigger([
      'content.published',
      '--to',
      `${receiver.ready.url}/webhook`,
      '--secret',
      'wrong',
    ]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 401 });
    const unknown = await trigger([
      'content.exploded',
      '--to',
      `${receiver.ready.url}/webhook`,
      '--secret',
      SECRET,
    ]);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toMatch(/use one of: content.generated/);
  });
});
