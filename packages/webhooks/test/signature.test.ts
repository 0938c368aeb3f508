import { createHmac } from 'node:crypto';
import { signingSecretKey, signingSecretProblem } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../src/errors';
import { createSignatureHeaders, signWebhook, verifyWebhookSignature } from '../src/signature';
import { signatures } from './helpers/vectors';

/** Standard Webhooks with node:crypto: the key is the base64 after `whsec_`, decoded. */
function nodeCryptoSignature(signingSecret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(signingSecret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe('signatures.json signing secrets', () => {
  it.each(signatures.signing_secrets.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(signingSecretProblem(c.signing_secret) === undefined).toBe(c.valid);
    if (c.valid) expect(Buffer.from(signingSecretKey(c.signing_secret)).toString('hex')).toBe(c.key_hex);
    else expect(() => signingSecretKey(c.signing_secret)).toThrow(/^Malformed signing secret: /);
  });

  it('never repeats the secret in what it says is wrong', () => {
    const invalid = signatures.signing_secrets.filter((c) => !c.valid && c.signing_secret.trim().length > 10);
    expect(invalid.length).toBeGreaterThan(5);
    for (const c of invalid) {
      expect(signingSecretProblem(c.signing_secret)).not.toContain(c.signing_secret.trim().slice(6));
    }
  });
});

describe('signatures.json sign cases', () => {
  it.each(signatures.sign.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(c.signed_content).toBe(`${c.id}.${c.timestamp}.${c.body}`);
    expect(Buffer.from(signingSecretKey(c.signing_secret)).toString('hex')).toBe(c.key_hex);
    // An independent implementation (node:crypto) agrees with the file...
    expect(nodeCryptoSignature(c.signing_secret, c.id, c.timestamp, c.body)).toBe(c.signature);
    // ...and so does the WebCrypto one, from text and from bytes.
    const input = { signingSecret: c.signing_secret, id: c.id, timestamp: c.timestamp, body: c.body };
    expect(await signWebhook(input)).toBe(c.signature);
    expect(await signWebhook({ ...input, body: new TextEncoder().encode(c.body) })).toBe(c.signature);
  });

  it('refuses to sign with a malformed signing secret', async () => {
    await expect(
      signWebhook({ signingSecret: 'my-secret', id: 'a', timestamp: 1, body: '' }),
    ).rejects.toThrow(TypeError);
  });
});

describe('signatures.json verify cases', () => {
  it.each(signatures.verify.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const verification = verifyWebhookSignature({
      signingSecret: c.signing_secret,
      headers: c.headers,
      body: c.body,
      now: () => c.now * 1000,
    });
    if (c.valid) {
      await expect(verification).resolves.toEqual({ timestamp: Number(c.headers['webhook-timestamp']) });
    } else {
      expect((await rejection(verification)).type).toBe(c.error_type);
    }
  });
});

describe('signature edge cases', () => {
  const signingSecret = signatures.sign[0]?.signing_secret as string;
  const body = '{"slug":"edge"}';
  const now = () => 1_767_259_800_000;

  it('createSignatureHeaders timestamps with the injected clock and verifies', async () => {
    const headers = await createSignatureHeaders({ signingSecret, id: 'dlv_edge', body, now });
    expect(headers['webhook-timestamp']).toBe('1767259800');
    expect(headers['webhook-signature']).toBe(
      nodeCryptoSignature(signingSecret, 'dlv_edge', 1767259800, body),
    );
    await expect(verifyWebhookSignature({ signingSecret, headers, body, now })).resolves.toEqual({
      timestamp: 1767259800,
    });
  });

  it('reads headers from a Fetch Headers object, in any case', async () => {
    const signed = await createSignatureHeaders({ signingSecret, id: 'dlv_case', body, now });
    const upper = Object.fromEntries(
      Object.entries(signed).map(([name, value]) => [name.toUpperCase(), value]),
    );
    await expect(verifyWebhookSignature({ signingSecret, headers: upper, body, now })).resolves.toBeDefined();
    await expect(
      verifyWebhookSignature({ signingSecret, headers: new Headers(signed), body, now }),
    ).resolves.toBeDefined();
  });

  it('accepts a valid signature anywhere in a list with extra spaces and other versions', async () => {
    const signed = await createSignatureHeaders({ signingSecret, id: 'dlv_list', body, now });
    const header = `v2,abc  v1,${btoa('x'.repeat(32))} ${signed['webhook-signature']} `;
    await expect(
      verifyWebhookSignature({
        signingSecret,
        headers: { ...signed, 'webhook-signature': header },
        body,
        now,
      }),
    ).resolves.toBeDefined();
  });

  it('rejects a valid-looking signature of the wrong length', async () => {
    const signed = await createSignatureHeaders({ signingSecret, id: 'dlv_len', body, now });
    const truncated = signed['webhook-signature'].slice(0, 20);
    const error = await rejection(
      verifyWebhookSignature({
        signingSecret,
        headers: { ...signed, 'webhook-signature': truncated },
        body,
        now,
      }),
    );
    expect(error.type).toBe('signature_mismatch');
  });

  it('applies the tolerance on both sides of now, inclusive', async () => {
    const at = (offset: number) => () => 1_767_259_800_000 + offset * 1000;
    const signed = await createSignatureHeaders({ signingSecret, id: 'dlv_tol', body, now });
    await expect(
      verifyWebhookSignature({ signingSecret, headers: signed, body, now: at(300) }),
    ).resolves.toBeDefined();
    await expect(
      verifyWebhookSignature({ signingSecret, headers: signed, body, now: at(-300) }),
    ).resolves.toBeDefined();
    const late = await rejection(
      verifyWebhookSignature({ signingSecret, headers: signed, body, now: at(301) }),
    );
    expect(late.message).toContain('301 seconds behind');
    const early = await rejection(
      verifyWebhookSignature({ signingSecret, headers: signed, body, now: at(-301) }),
    );
    expect(early.message).toContain('301 seconds ahead');
    await expect(
      verifyWebhookSignature({ signingSecret, headers: signed, body, now: at(3000), tolerance: 3000 }),
    ).resolves.toBeDefined();
  });

  it('checks the timestamp before the signature, so a replay is reported as one', async () => {
    const signed = await createSignatureHeaders({
      signingSecret,
      id: 'dlv_old',
      body,
      timestamp: 1_000_000_000,
    });
    const error = await rejection(
      verifyWebhookSignature({ signingSecret, headers: signed, body: 'tampered', now }),
    );
    expect(error.type).toBe('timestamp_outside_tolerance');
  });

  it('names every missing header', async () => {
    const error = await rejection(verifyWebhookSignature({ signingSecret, headers: {}, body, now }));
    expect(error.type).toBe('missing_header');
    expect(error.message).toContain('webhook-id, webhook-timestamp, webhook-signature');
    expect(error.message).toContain('signing secret');
  });

  it('rejects negative, fractional and oversized timestamps as not Unix seconds', async () => {
    for (const timestamp of ['-5', '1767259800.5', '1e9', '9999999999999999', '']) {
      const signed = await createSignatureHeaders({ signingSecret, id: 'dlv_ts', body, now });
      const error = await rejection(
        verifyWebhookSignature({
          signingSecret,
          headers: { ...signed, 'webhook-timestamp': timestamp },
          body,
          now,
        }),
      );
      expect(error.type, timestamp).toBe('invalid_timestamp');
    }
  });
});
