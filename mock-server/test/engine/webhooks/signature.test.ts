import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createWebhookReceiver, verifyWebhookSignature } from '@rankquill/webhooks';
import { describe, expect, it } from 'vitest';
import { buildWebhookRequest } from '../../../src/engine/webhooks/request';
import { signWebhookPayload } from '../../../src/engine/webhooks/signature';

interface SignVector {
  name: string;
  signing_secret: string;
  id: string;
  timestamp: number;
  body: string;
  signature: string;
}

const vectors = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../packages/contract/vectors/signatures.json', import.meta.url)),
    'utf8',
  ),
) as { sign: SignVector[] };

const signingSecret = vectors.sign[0]?.signing_secret as string;

describe('webhook signer', () => {
  it('has vectors to check against', () => {
    expect(vectors.sign.length).toBeGreaterThanOrEqual(5);
  });

  it.each(vectors.sign.map((vector) => [vector.name, vector] as const))(
    'signs like the shared vector, keyed with the decoded signing secret: %s',
    async (_name, vector) => {
      const signature = await signWebhookPayload({
        secret: vector.signing_secret,
        id: vector.id,
        timestamp: vector.timestamp,
        body: vector.body,
      });
      expect(signature).toBe(vector.signature);
    },
  );

  it('gives another signature for another signing secret, id, timestamp or body', async () => {
    const [vector] = vectors.sign as [SignVector];
    const input = {
      secret: vector.signing_secret,
      id: vector.id,
      timestamp: vector.timestamp,
      body: vector.body,
    };
    for (const change of [
      { secret: vectors.sign.at(-1)?.signing_secret },
      { id: 'dlv_other' },
      { timestamp: 1 },
      { body: '{}' },
    ]) {
      expect(await signWebhookPayload({ ...input, ...change } as typeof input)).not.toBe(vector.signature);
    }
  });

  it('keys a webhook secret that is not a signing secret with its UTF-8 bytes, until the service generates signing secrets', async () => {
    const input = { secret: 'rq_whsec_test', id: 'dlv_abc', timestamp: 1767259800, body: '{}' };
    const expected = createHmac('sha256', 'rq_whsec_test').update('dlv_abc.1767259800.{}').digest('base64');
    expect(await signWebhookPayload(input)).toBe(`v1,${expected}`);
  });

  it('builds the headers of DESIGN.md; a receiver with a signing secret refuses a signature keyed by x-service-key', async () => {
    const at = Date.UTC(2026, 0, 1, 9, 30, 0, 999);
    const body = '{"title":"Café","slug":"cafe","content":"<p>☕</p>"}';
    const request = await buildWebhookRequest({
      url: 'http://127.0.0.1:1/webhook',
      secret: 'rq_whsec_test',
      event: 'content.published',
      deliveryId: 'dlv_abc',
      at,
      body,
    });
    expect(request.body).toBe(body);
    expect(request.headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'Rankquill-Webhooks/1.0',
      'x-service-key': 'rq_whsec_test',
      'x-service-event': 'content.published',
      'x-service-delivery': 'dlv_abc',
      'webhook-id': 'dlv_abc',
      'webhook-timestamp': String(Math.floor(at / 1000)),
      'webhook-signature': await signWebhookPayload({
        secret: 'rq_whsec_test',
        id: 'dlv_abc',
        timestamp: Math.floor(at / 1000),
        body,
      }),
    });
    const now = () => at;
    const plain = createWebhookReceiver({ secret: 'rq_whsec_test', now });
    expect((await plain.handle({ headers: request.headers, rawBody: body })).status).toBe(200);
    const signed = createWebhookReceiver({ secret: 'rq_whsec_test', signingSecret, now });
    expect((await signed.handle({ headers: request.headers, rawBody: body })).status).toBe(401);
  });

  it('signs with a signing secret so that the @rankquill/webhooks verifier accepts it', async () => {
    const timestamp = 1767259800;
    const body = '{"a":1}';
    const headers = {
      'webhook-id': 'dlv_abc',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': await signWebhookPayload({
        secret: signingSecret,
        id: 'dlv_abc',
        timestamp,
        body,
      }),
    };
    await expect(
      verifyWebhookSignature({ signingSecret, headers, body, now: () => timestamp * 1000 }),
    ).resolves.toEqual({ timestamp });
  });
});
