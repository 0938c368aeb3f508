import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verifyWebhookSignature } from '@rankquill/webhooks';
import { describe, expect, it } from 'vitest';
import { buildWebhookRequest } from '../../../src/engine/webhooks/request';
import { signWebhookPayload } from '../../../src/engine/webhooks/signature';

interface SignVector {
  name: string;
  secret: string;
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

describe('webhook signer', () => {
  it('has vectors to check against', () => {
    expect(vectors.sign.length).toBeGreaterThanOrEqual(5);
  });

  it.each(vectors.sign.map((vector) => [vector.name, vector] as const))(
    'signs like the shared vector: %s',
    async (_name, vector) => {
      const signature = await signWebhookPayload({
        secret: vector.secret,
        id: vector.id,
        timestamp: vector.timestamp,
        body: vector.body,
      });
      expect(signature).toBe(vector.signature);
    },
  );

  it('gives another signature for another secret, id, timestamp or body', async () => {
    const [vector] = vectors.sign as [SignVector];
    for (const change of [{ secret: 'other' }, { id: 'dlv_other' }, { timestamp: 1 }, { body: '{}' }]) {
      expect(await signWebhookPayload({ ...vector, ...change })).not.toBe(vector.signature);
    }
  });

  it('builds the headers of DESIGN.md, which the @rankquill/webhooks verifier accepts', async () => {
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
    await expect(
      verifyWebhookSignature({ secret: 'rq_whsec_test', headers: request.headers, body, now: () => at }),
    ).resolves.toEqual({ timestamp: Math.floor(at / 1000) });
    await expect(
      verifyWebhookSignature({ secret: 'wrong', headers: request.headers, body, now: () => at }),
    ).rejects.toThrow(/signature/);
  });
});
