import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, ContentUpdateParams } from '../src/index';

type StringSchema = { pattern: string; maxLength: number };
type UpdateParamsSchema = { properties: { canonical_url: StringSchema } };
const { components } = buildOpenApiDocument() as { components: { schemas: Record<string, unknown> } };
const documented = (components.schemas.ContentItemUpdateParams as UpdateParamsSchema).properties
  .canonical_url;

/** What a JSON Schema validator reads from the document: `pattern` is an ECMA-262 regular expression. */
const documentAllows = (value: string) =>
  new RegExp(documented.pattern, 'u').test(value) && [...value].length <= documented.maxLength;
const serverTakes = (value: string) => ContentUpdateParams.safeParse({ canonical_url: value }).success;
const parsesAsHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

const TAKEN = [
  '',
  'https://example.com',
  'http://example.com/blog/post?ref=feed#top',
  'https://sub.example.co.uk:8443/a/b/',
  'http://localhost:65535/x',
  'http://127.0.0.1/',
  'https://a-b.c-d.example/%7Euser/%zz',
  'https://example.com?q=1',
  'https://example.com#fragment',
  'https://example.com/gr\u00fc\u00dfe/\u4e00?q=\u00e9#\u00df',
  'https://example.com/\u00a0\u2028\ufeff\uffff',
  `https://example.com/${'a'.repeat(2028)}`,
];
const REFUSED = [
  'ä',
  'example.com',
  'ftp://example.com/',
  'HTTPS://example.com/',
  'https://',
  'https://ex ample.com/',
  'https://exämple.com/',
  'https://xn--a.com/',
  'https://1.2.3.999/',
  'https://1.2.3/',
  'https://example.123/',
  'https://example.com:65536/',
  'https://user:pass@example.com/',
  'https://example.com/a b',
  'https://example.com/a\tb',
  'https://example.com/\u0085',
  'https://example.com/\ud83d\ude00',
  'https://example.com/\ud800',
  'https://[::1]/',
  `https://example.com/${'a'.repeat(2029)}`,
];

/** A seeded variation of `value`: one character replaced, inserted or removed. */
function mutate(value: string, next: () => number): string {
  const alphabet = 'aZ09-._:/?#@%[]\\ \u00e4\u0130\ud83d\ude00\t\nxn-';
  const at = Math.floor(next() * (value.length + 1));
  const character = alphabet[Math.floor(next() * alphabet.length)] ?? '';
  const kind = Math.floor(next() * 3);
  if (kind === 0) return value.slice(0, at) + character + value.slice(at + 1);
  if (kind === 1) return value.slice(0, at) + character + value.slice(at);
  return value.slice(0, at) + value.slice(at + 1);
}

describe('ContentItemUpdateParams.canonical_url', () => {
  it('takes "" and absolute http(s) URLs, and refuses the rest with the rule', () => {
    for (const value of TAKEN) expect(serverTakes(value), value).toBe(true);
    for (const value of REFUSED) expect(serverTakes(value), value).toBe(false);
    const refusal = ContentUpdateParams.safeParse({ canonical_url: 'ä' });
    expect(refusal.error?.issues[0]?.path).toEqual(['canonical_url']);
    expect(refusal.error?.issues[0]?.message).toMatch(/^must be "" or an absolute http\(s\) URL/);
  });

  // A fuzzer sends strings drawn from the document and expects each one taken, and strings outside
  // it refused: the two must agree on every string, and each one taken must be a URL.
  it('agrees with the OpenAPI document on every string, and every string taken parses as an http(s) URL', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    let taken = 0;
    for (const start of [...TAKEN, ...REFUSED]) {
      const base = start.slice(0, 100);
      for (let variant = 0; variant < 400; variant++) {
        let value = base;
        for (let changes = 1 + (variant % 3); changes > 0; changes--) value = mutate(value, next);
        expect(documentAllows(value), JSON.stringify(value)).toBe(serverTakes(value));
        if (serverTakes(value) && value !== '') {
          expect(parsesAsHttpUrl(value), JSON.stringify(value)).toBe(true);
          taken++;
        }
      }
    }
    expect(taken).toBeGreaterThan(1000);
  });
});
