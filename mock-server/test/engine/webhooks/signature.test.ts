import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createWebhookReceiver, verifyWebhookSignature } from '@rankquill/webhooks';
import { describe, expect, it } from 'vitest';
import { buildWebhookRequest } from '../../../src/engine/webhooks/request';
import { signWebhookPayload } from '../../../src/engine/webhooks/signature';
import { nodeWebhookSigner } from '../../../src/runtime/node-webhook-signer';

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
        signingSecret: vector.signing_secret,
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
      signingSecret: vector.signing_secret,
      id: vector.id,
      timestamp: vector.timestamp,
      body: vector.body,
    };
    for (const change of [
      { signingSecret: vectors.sign.at(-1)?.signing_secret },
      { id: 'dlv_other' },
      { timestamp: 1 },
      { body: '{}' },
    ]) {
      expect(await signWebhookPayload({ ...input, ...change } as typeof input)).not.toBe(vector.signature);
    }
  });

  it('refuses to sign with anything but a signing secret, without repeating it', async () => {
    const input = { signingSecret: 'rq_whsec_test', id: 'dlv_abc', timestamp: 1767259800, body: '{}' };
    const refused = signWebhookPayload(input);
    await expect(refused).rejects.toThrow(/Malformed signing secret: it does not start with "whsec_"/);
    await expect(refused).rejects.not.toThrow(/rq_whsec_test/);
  });

  it('builds the headers of DESIGN.md: the spec headers, and one signature per signing secret', async () => {
    const at = Date.UTC(2026, 0, 1, 9, 30, 0, 999);
    const timestamp = Math.floor(at / 1000);
    const body = '{"title":"Café","slug":"cafe","content":"<p>☕</p>"}';
    const previous = vectors.sign.at(-1)?.signing_secret as string;
    const attempt = {
      url: 'http://127.0.0.1:1/webhook',
      secret: 'rq_whsec_test',
      event: 'content.published',
      deliveryId: 'dlv_abc',
      at,
      body,
    };
    const unsigned = await buildWebhookRequest(attempt);
    const spec = {
      'content-type': 'application/json',
      'user-agent': 'Rankquill-Webhooks/1.0',
      'x-service-key': 'rq_whsec_test',
      'x-service-event': 'content.published',
      'x-service-delivery': 'dlv_abc',
      'webhook-id': 'dlv_abc',
      'webhook-timestamp': String(timestamp),
    };
    expect(unsigned.headers).toEqual(spec);
    const rotated = await buildWebhookRequest({ ...attempt, signingSecrets: [signingSecret, previous] });
    const sign = (key: string) => signWebhookPayload({ signingSecret: key, id: 'dlv_abc', timestamp, body });
    expect(rotated.body).toBe(body);
    expect(rotated.headers).toEqual({
      ...spec,
      'webhook-signature': `${await sign(signingSecret)} ${await sign(previous)}`,
    });
    const now = () => at;
    for (const key of [signingSecret, previous]) {
      const receiver = createWebhookReceiver({ secret: 'rq_whsec_test', signingSecret: key, now });
      expect((await receiver.handle({ headers: rotated.headers, rawBody: body })).status).toBe(200);
    }
    const plain = createWebhookReceiver({ secret: 'rq_whsec_test', now });
    expect((await plain.handle({ headers: unsigned.headers, rawBody: body })).status).toBe(200);
  });

  it('a receiver with a signing secret refuses a delivery signed with the x-service-key value as an HMAC key', async () => {
    const at = Date.UTC(2026, 0, 1, 9, 30);
    const timestamp = Math.floor(at / 1000);
    const body = '{"title":"Forged","slug":"forged","content":"<p>x</p>"}';
    // What the service used to send, and what anyone who saw one delivery could make.
    const forged = createHmac('sha256', 'rq_whsec_test')
      .update(`dlv_abc.${timestamp}.${body}`)
      .digest('base64');
    const headers = {
      'x-service-key': 'rq_whsec_test',
      'webhook-id': 'dlv_abc',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${forged}`,
    };
    const signed = createWebhookReceiver({ secret: 'rq_whsec_test', signingSecret, now: () => at });
    expect((await signed.handle({ headers, rawBody: body })).status).toBe(401);
  });

  it('signs with a signing secret so that the @rankquill/webhooks verifier accepts it', async () => {
    const timestamp = 1767259800;
    const body = '{"a":1}';
    const headers = {
      'webhook-id': 'dlv_abc',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': await signWebhookPayload({
        signingSecret,
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

describe('nodeWebhookSigner (the reference server signs through node:crypto)', () => {
  it.each(vectors.sign.map((vector) => [vector.name, vector] as const))(
    'gives the entry of the shared vector, as signWebhookPayload does: %s',
    (_name, vector) => {
      const input = {
        signingSecret: vector.signing_secret,
        id: vector.id,
        timestamp: vector.timestamp,
        body: vector.body,
      };
      expect(nodeWebhookSigner(input)).toBe(vector.signature);
      // A second call answers from the remembered key.
      expect(nodeWebhookSigner(input)).toBe(vector.signature);
    },
  );

  it('builds the same request as the WebCrypto signer, rotation included', async () => {
    const attempt = {
      url: 'http://127.0.0.1:1/webhook',
      secret: 'rq_whsec_test',
      event: 'content.updated',
      deliveryId: 'dlv_node',
      at: Date.UTC(2026, 0, 1, 9, 30),
      body: '{"title":"Café ☕","slug":"cafe"}',
      signingSecrets: [signingSecret, vectors.sign.at(-1)?.signing_secret as string],
    };
    expect(await buildWebhookRequest(attempt, nodeWebhookSigner)).toEqual(await buildWebhookRequest(attempt));
  });

  it('refuses anything but a signing secret, without repeating it', () => {
    const input = { signingSecret: 'rq_whsec_test', id: 'dlv_abc', timestamp: 1767259800, body: '{}' };
    expect(() => nodeWebhookSigner(input)).toThrow(
      /Malformed signing secret: it does not start with "whsec_"/,
    );
    expect(() => nodeWebhookSigner(input)).not.toThrow(/rq_whsec_test/);
  });
});
