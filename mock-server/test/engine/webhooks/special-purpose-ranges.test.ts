import { describe, expect, it } from 'vitest';
import { EgressPolicy } from '../../../src/engine/webhooks/egress';
import { addressKind, parseAddress, specialPurposeRange } from '../../../src/engine/webhooks/ip-address';
import {
  IPV4_SPECIAL_PURPOSE_RANGES,
  IPV6_SPECIAL_PURPOSE_RANGES,
  type SpecialPurposeRange,
} from '../../../src/engine/webhooks/special-purpose-ranges';

const publicOnly = new EgressPolicy({ allowPrivate: false });
const privateToo = new EgressPolicy({ allowPrivate: true });

/** The first, last and middle address of a range, written out in full. */
function addressesOf(prefix: string): string[] {
  const [text = '', lengthText = ''] = prefix.split('/');
  const v4 = !text.includes(':');
  const bits = v4 ? 32 : 128;
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`bad prefix ${prefix}`);
  const parts = parsed.version === 4 ? parsed.bytes : parsed.groups;
  const width = BigInt(v4 ? 8 : 16);
  const base = parts.reduce((value, part) => (value << width) | BigInt(part), 0n);
  const span = (1n << BigInt(bits - Number(lengthText))) - 1n;
  return [base, base + span, base + span / 2n].map((value) => write(value, v4));
}

function write(value: bigint, v4: boolean): string {
  const count = v4 ? 4 : 8;
  const width = BigInt(v4 ? 8 : 16);
  const parts: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const part = (value >> (BigInt(i) * width)) & ((1n << width) - 1n);
    parts.push(v4 ? part.toString() : part.toString(16));
  }
  return v4 ? parts.join('.') : `[${parts.join(':')}]`;
}

/** An address of the range whose most specific range is this one (a /23 holds a /32, …). */
function addressOwnedBy(range: SpecialPurposeRange): string {
  const owned = addressesOf(range.prefix).find((address) => {
    const parsed = parseAddress(address);
    return parsed !== undefined && specialPurposeRange(parsed) === range;
  });
  if (!owned) throw new Error(`no address of ${range.prefix} is its own`);
  return owned;
}

const ranges = [...IPV4_SPECIAL_PURPOSE_RANGES, ...IPV6_SPECIAL_PURPOSE_RANGES];

describe('the special-purpose address registries', () => {
  it.each(ranges.filter((range) => range.treatment !== 'embedded'))(
    '$prefix ($name) is treated as $treatment',
    async (range) => {
      const address = addressOwnedBy(range);
      const parsed = parseAddress(address);
      expect(parsed && addressKind(parsed)).toBe(range.treatment);
      const url = `http://${address}/hook`;
      const refusedPublic = await publicOnly.checkUrl(url);
      const refusedPrivate = await privateToo.checkUrl(url);
      if (range.treatment === 'public') {
        expect(refusedPublic, url).toBeUndefined();
      } else if (range.treatment === 'loopback' || range.treatment === 'private') {
        expect(refusedPublic, url).toMatch(/this server sends webhooks to public addresses only/);
        expect(refusedPrivate, url).toBeUndefined();
      } else {
        expect(refusedPublic, url).toMatch(/webhooks never go there/);
        expect(refusedPrivate, url).toMatch(/webhooks never go there/);
      }
      if (range.treatment === 'special') {
        expect(refusedPublic).toContain(`in ${range.prefix} (${range.name}, ${range.rfc})`);
      }
    },
  );

  it.each([
    ['::ffff:0:0/96', '[::ffff:8.8.8.8]', '[::ffff:127.0.0.1]', '[::ffff:198.18.0.1]'],
    ['64:ff9b::/96', '[64:ff9b::8.8.8.8]', '[64:ff9b::127.0.0.1]', '[64:ff9b::198.18.0.1]'],
    ['2002::/16', '[2002:808:808::1]', '[2002:7f00:1::]', '[2002:c612:1::]'],
  ])('%s is judged by the IPv4 address it carries', async (prefix, global, loopback, special) => {
    expect(ranges.find((range) => range.prefix === prefix)?.treatment).toBe('embedded');
    expect(await publicOnly.checkUrl(`http://${global}/`)).toBeUndefined();
    expect(await publicOnly.checkUrl(`http://${loopback}/`)).toMatch(/a loopback address/);
    expect(await privateToo.checkUrl(`http://${loopback}/`)).toBeUndefined();
    expect(await privateToo.checkUrl(`http://${special}/`)).toMatch(
      /in 198\.18\.0\.0\/15 \(Benchmarking, RFC 2544\)/,
    );
  });

  // The addresses a review found accepted with public egress (issue 22, finding 6).
  it.each([
    ['[64:ff9b:1::7f00:1]', '64:ff9b:1::/48'],
    ['[::ffff:0:127.0.0.1]', '::ffff:0:0:0/96'],
    ['[2001::7f00:1]', '2001::/32'],
    ['198.18.0.1', '198.18.0.0/15'],
    ['192.0.0.1', '192.0.0.0/29'],
    ['[100::1]', '100::/64'],
    ['[2001:db8::1]', '2001:db8::/32'],
    ['[::127.0.0.1]', '::/96'],
  ])('refuses %s (in %s) whatever the egress mode', async (address, prefix) => {
    for (const policy of [publicOnly, privateToo]) {
      expect(await policy.checkUrl(`http://${address}/hook`)).toContain(`in ${prefix} (`);
    }
  });
});
