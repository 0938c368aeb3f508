import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SECRET, SIGNING_SECRET, useWebhookProcesses } from './webhook-processes';

const { start } = useWebhookProcesses();

describe('rankquill-mock receive', () => {
  async function deliver(url: string, headers: Record<string, string>, body: string) {
    const response = await fetch(`${url}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const article = JSON.stringify({
    title: 'Spec only',
    slug: 'spec-only',
    content:
      '<p onclick="steal()">Hello</p><meta http-equiv="refresh" content="0;url=https://evil.example/"><script>steal()</script>',
  });
  const signatureHeaders = (key: Buffer | string, id: string, timestamp: number, body: string) => ({
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  });

  it('without --signing-secret accepts a delivery with only x-service-key and serves it sanitized', async () => {
    const receiver = await start(['--secret', SECRET], 'receive');
    expect(await deliver(receiver.ready.url, { 'x-service-key': SECRET }, article)).toEqual({
      status: 200,
      body: { success: true, url: '/en/resources/blog/spec-only' },
    });
    expect((await deliver(receiver.ready.url, { 'x-service-key': 'a guess' }, article)).status).toBe(401);
    const page = await fetch(`${receiver.ready.url}/en/resources/blog/spec-only`);
    expect(page.headers.get('content-security-policy')).toContain("base-uri 'none'; form-action 'none'");
    const html = await page.text();
    expect(html).toContain('<p>Hello</p>');
    for (const fragment of ['onclick', 'http-equiv', '<script', 'steal()'])
      expect(html).not.toContain(fragment);
    expect((await fetch(`${receiver.ready.url}/en/resources/blog/%E0%A4%A`)).status).toBe(400);
  });

  it('with --signing-secret refuses a delivery signed with the x-service-key value and accepts one signed with it', async () => {
    const receiver = await start(['--secret', SECRET, '--signing-secret', SIGNING_SECRET], 'receive');
    const now = Math.floor(Date.now() / 1000);
    const key = Buffer.from(SIGNING_SECRET.slice('whsec_'.length), 'base64');
    expect((await deliver(receiver.ready.url, { 'x-service-key': SECRET }, article)).status).toBe(401);
    const forged = await deliver(
      receiver.ready.url,
      { 'x-service-key': SECRET, ...signatureHeaders(SECRET, 'dlv_forged', now, article) },
      article,
    );
    expect(forged).toMatchObject({
      status: 401,
      body: { error: expect.stringContaining('webhook-signature') },
    });
    const stale = await deliver(
      receiver.ready.url,
      { 'x-service-key': SECRET, ...signatureHeaders(key, 'dlv_stale', now - 301, article) },
      article,
    );
    expect(stale.status).toBe(401);
    const signed = await deliver(
      receiver.ready.url,
      { 'x-service-key': SECRET, ...signatureHeaders(key, 'dlv_signed', now, article) },
      article,
    );
    expect(signed).toEqual({ status: 200, body: { success: true, url: '/en/resources/blog/spec-only' } });
  });

  it('exits 64 naming --signing-secret when it is malformed, without printing it, and explains --no-verify-signature', async () => {
    for (const [args, message] of [
      [['--signing-secret', 'whsec_c2hvcnQ='], 'it decodes to 5 bytes'],
      [['--no-verify-signature'], '--no-verify-signature is gone: without --signing-secret'],
    ] as const) {
      await expect(start(['--secret', SECRET, ...args], 'receive')).rejects.toThrow(
        new RegExp(`exited with 64 before ready; stderr: rankquill-mock: .*${message}`),
      );
    }
    await expect(
      start(['--secret', SECRET, '--signing-secret', 'whsec_c2hvcnQ='], 'receive'),
    ).rejects.not.toThrow(/c2hvcnQ/);
  });
});
