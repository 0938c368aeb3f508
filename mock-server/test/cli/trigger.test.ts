import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from '../support/cli-process';
import type { RecordedRequest } from '../support/recording-receiver';
import { SECRET, SIGNING_SECRET, useWebhookProcesses } from './webhook-processes';

const { start, recordingReceiver } = useWebhookProcesses();

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
    const receiver = await start(['--secret', SECRET, '--signing-secret', SIGNING_SECRET], 'receive');
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
      const result = await trigger([
        event,
        '--to',
        `${receiver.ready.url}/webhook`,
        '--secret',
        SECRET,
        '--signing-secret',
        SIGNING_SECRET,
      ]);
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

  it('sends no webhook-signature without a signing secret, and a wall-clock signature with one', async () => {
    const receiver = await recordingReceiver(() => 200);
    const plain = await trigger(['content.published', '--to', receiver.url, '--secret', SECRET]);
    expect(plain.code, plain.stderr).toBe(0);
    const [unsigned] = receiver.requests as [RecordedRequest];
    expect(unsigned.headers).toMatchObject({
      'x-service-key': SECRET,
      'x-service-event': 'content.published',
    });
    expect(Object.keys(unsigned.headers).filter((name) => name.startsWith('webhook-'))).toEqual([
      'webhook-id',
      'webhook-timestamp',
    ]);

    const before = Math.floor(Date.now() / 1000);
    const signed = await trigger([
      'content.published',
      '--to',
      receiver.url,
      '--secret',
      SECRET,
      '--signing-secret',
      SIGNING_SECRET,
    ]);
    expect(signed.code, signed.stderr).toBe(0);
    const request = receiver.requests[1] as RecordedRequest;
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const key = Buffer.from(SIGNING_SECRET.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(
      `${request.headers['webhook-id']}.${timestamp}.${request.body}`,
    );
    expect(request.headers['webhook-signature']).toBe(`v1,${mac.digest('base64')}`);
    expect(request.headers['webhook-id']).toBe(request.headers['x-service-delivery']);
  });

  it('is refused by a receiver with a signing secret when it sends none, and says why a signing secret is malformed', async () => {
    const receiver = await start(['--secret', SECRET, '--signing-secret', SIGNING_SECRET], 'receive');
    const unsigned = await trigger([
      'content.published',
      '--to',
      `${receiver.ready.url}/webhook`,
      '--secret',
      SECRET,
    ]);
    expect(unsigned.code).toBe(1);
    expect(JSON.parse(unsigned.stdout)).toMatchObject({
      status: 401,
      body: { error: expect.stringContaining('Missing webhook-signature header') },
    });
    const malformed = await trigger([
      'content.published',
      '--to',
      `${receiver.ready.url}/webhook`,
      '--secret',
      SECRET,
      '--signing-secret',
      SECRET,
    ]);
    expect(malformed.code).toBe(64);
    expect(malformed.stderr).toContain('--signing-secret is malformed: it does not start with "whsec_"');
    expect(malformed.stderr).not.toContain(SECRET);
  });
});
