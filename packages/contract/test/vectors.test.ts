import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_HTML_ALLOW_LIST,
  SIGNING_SECRET_KEY_BYTES,
  signingSecretKey,
  signingSecretProblem,
  WEBHOOK_MAX_BODY_BYTES,
} from '../src/index';

const vector = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8'));

describe('vectors/html-allow-list.json', () => {
  it('is ARTICLE_HTML_ALLOW_LIST written out (run packages/webhooks/scripts/build-vectors.mjs after changing it)', () => {
    expect(vector('html-allow-list.json')).toEqual(ARTICLE_HTML_ALLOW_LIST);
  });

  it('allows no element that runs code or changes where the page goes', () => {
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'form', 'meta', 'base', 'link', 'svg'])
      expect(ARTICLE_HTML_ALLOW_LIST.tags).not.toContain(tag);
    const attributes = Object.values(ARTICLE_HTML_ALLOW_LIST.attributes).flat();
    expect(attributes.filter((name) => name.startsWith('on') || name === 'style')).toEqual([]);
    expect(ARTICLE_HTML_ALLOW_LIST.url_schemes).toEqual(['http', 'https', 'mailto']);
  });
});

describe('signing secrets', () => {
  it('decodes whsec_ + base64 into the key bytes', () => {
    const key = Uint8Array.from({ length: 32 }, (_, index) => index);
    const secret = `whsec_${Buffer.from(key).toString('base64')}`;
    expect(signingSecretProblem(secret)).toBeUndefined();
    expect(signingSecretKey(secret)).toEqual(key);
  });

  it('accepts 24 to 64 bytes', () => {
    const ofLength = (length: number) => `whsec_${Buffer.alloc(length, 1).toString('base64')}`;
    expect(signingSecretProblem(ofLength(SIGNING_SECRET_KEY_BYTES.min))).toBeUndefined();
    expect(signingSecretProblem(ofLength(SIGNING_SECRET_KEY_BYTES.max))).toBeUndefined();
    expect(signingSecretProblem(ofLength(23))).toBe('it decodes to 23 bytes; a signing key has 24 to 64');
    expect(signingSecretProblem(ofLength(65))).toBe('it decodes to 65 bytes; a signing key has 24 to 64');
  });

  it('says what is wrong with a malformed one, never repeating it', () => {
    expect(signingSecretProblem('rq_live_secret')).toBe('it does not start with "whsec_"');
    expect(signingSecretProblem(undefined)).toBe('it is not a string but undefined');
    expect(() => signingSecretKey('whsec_ab-_cdef')).toThrow(
      /^Malformed signing secret: what follows "whsec_" is not standard base64/,
    );
    expect(() => signingSecretKey('whsec_ab-_cdef')).not.toThrow(/ab-_cdef/);
  });
});

describe('vectors/receiver-limits.json', () => {
  const limits = vector('receiver-limits.json') as { max_body_bytes: number; largest_delivery_bytes: number };

  it('holds WEBHOOK_MAX_BODY_BYTES, 4 MiB', () => {
    expect(limits.max_body_bytes).toBe(WEBHOOK_MAX_BODY_BYTES);
    expect(WEBHOOK_MAX_BODY_BYTES).toBe(4_194_304);
  });

  it('leaves room above the largest delivery the service sends', () => {
    expect(limits.largest_delivery_bytes).toBeGreaterThan(3_000_000);
    expect(limits.largest_delivery_bytes).toBeLessThan(limits.max_body_bytes);
  });
});
