import { describe, expect, it } from 'vitest';
import { redactJson, redactQuery, redactText, shownSecret } from '../../../src/engine/test-double/redaction';

const KEY = 'rq_test_8f2kq0c1x9mz4b7dAbCdEfGhIjKlMnOp';
const PUBLIC_KEY = 'rqp_Zt0PWZb3X1p9cQ8wT4rYk2mN6vB5nJ7h';
const SIGNING = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('redaction', () => {
  it('shows a secret by its first 8 characters, and at most half of a short one', () => {
    expect(shownSecret(KEY)).toBe('rq_test_…');
    expect(shownSecret(PUBLIC_KEY)).toBe('rqp_Zt0P…');
    expect(shownSecret('hunter2')).toBe('hun…');
    expect(shownSecret('ab')).toBe('a…');
  });

  it('cuts every key and signing secret written in a text, and leaves other text as it is', () => {
    expect(redactText(`/v1/projects/${KEY}/content`)).toBe('/v1/projects/rq_test_…/content');
    expect(redactText(`keys ${PUBLIC_KEY} and ${SIGNING}.`)).toBe('keys rqp_Zt0P… and whsec_Mf….');
    const plain = '/v1/projects/proj_123/content';
    expect(redactText(plain)).toBe(plain);
  });

  it('keeps a query without secrets as the same object, and cuts secret-named parameters and keys', () => {
    const plain = { limit: '10', offset: '0' };
    expect(redactQuery(plain)).toBe(plain);
    expect(redactQuery({ api_key: 'short-secret', q: `x ${KEY}`, repeated: ['a', 'b'] })).toEqual({
      api_key: 'short-…',
      q: 'x rq_test_…',
      repeated: 'a',
    });
  });

  it('cuts secret-named fields and keys anywhere in a body, copying only what changes', () => {
    const untouched = { keyword: 'cold brew', tags: ['a', 'b'] };
    expect(redactJson(untouched, false)).toBe(untouched);
    const body = {
      name: 'Site',
      webhook: { url: 'https://a.example/hook', secret: 'a-webhook-secret-value' },
      notes: [`my key is ${KEY}`, { signing_secret: SIGNING }],
    };
    const parsed = JSON.parse(JSON.stringify(body));
    const redacted = redactJson(parsed, false) as typeof body;
    expect(redacted).toEqual({
      name: 'Site',
      webhook: { url: 'https://a.example/hook', secret: 'a-webhoo…' },
      notes: ['my key is rq_test_…', { signing_secret: 'whsec_Mf…' }],
    });
    expect(JSON.stringify(redacted)).not.toMatch(/a-webhook-secret|8f2kq0|MfKQ9r8/);
    // The original is left alone; the unchanged part is shared.
    expect(parsed.webhook.secret).toBe('a-webhook-secret-value');
  });

  it('keeps a field named __proto__ as data, never as the prototype', () => {
    const parsed = JSON.parse(`{"__proto__": {"api_key": "${KEY}"}, "ok": 1}`);
    const redacted = redactJson(parsed, false) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"api_key":"rq_test_…"},"ok":1}');
  });

  it('cuts strings past 1000 characters only when asked (a body over 64 KiB)', () => {
    const long = 'x'.repeat(5000);
    expect(redactJson({ content: long }, false)).toEqual({ content: long });
    expect(redactJson({ content: long }, true)).toEqual({ content: `${'x'.repeat(1000)}…` });
  });
});
