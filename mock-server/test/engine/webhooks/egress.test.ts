import { describe, expect, it } from 'vitest';
import { EgressPolicy } from '../../../src/engine/webhooks/egress';
import { addressKind, parseAddress } from '../../../src/engine/webhooks/ip-address';

/** Answers of a made-up DNS: no network. */
const dns: Record<string, string[]> = {
  'loopback.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.1.2.3'],
  'mixed.test': ['8.8.8.8', '10.1.2.3'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'public.test': ['8.8.8.8', '2001:4860:4860::8888'],
};
const resolve = async (hostname: string) => {
  const found = dns[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};
const own = { address: '127.0.0.1', port: 4010 };
const publicOnly = new EgressPolicy({ allowPrivate: false, resolve, ownEndpoints: () => [own] });
const privateToo = new EgressPolicy({ allowPrivate: true, resolve, ownEndpoints: () => [own] });

// Every spelling the WHATWG URL parser turns into a loopback address, and IPv6 forms that carry one.
const loopback = [
  'http://127.0.0.1/hook',
  'http://127.1/hook',
  'http://127.0.1/hook',
  'http://0x7f000001/hook',
  'http://0x7f.1/hook',
  'http://2130706433/hook',
  'http://017700000001/hook',
  'http://0177.0.0.1/hook',
  'http://127.000.000.001/hook',
  'http://127.0.0.1./hook',
  'http://127.255.255.254/hook',
  'http://localhost/hook',
  'http://LOCALHOST./hook',
  'http://api.localhost/hook',
  'http://[::1]/hook',
  'http://[0:0:0:0:0:0:0:1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://[0:0:0:0:0:ffff:7f00:1]/hook',
  'http://[64:ff9b::127.0.0.1]/hook', // NAT64: 64:ff9b::7f00:1 (127.0.0.1)
  'http://[2002:7f00:1::]/hook',
  'http://loopback.test/hook',
  'http://mapped.test/hook',
];
const privateAddresses = [
  'http://10.0.0.1/hook',
  'http://0xa000001/hook',
  'http://172.16.0.1/hook',
  'http://172.31.255.255/hook',
  'http://192.168.1.10/hook',
  'http://100.64.0.1/hook',
  'http://[fd00::1]/hook',
  'http://[fc00::1]/hook',
  'http://[fec0::1]/hook',
  'http://[::ffff:10.0.0.1]/hook',
  'http://[::ffff:a00:1]/hook',
  'http://private.test/hook',
  'http://mixed.test/hook',
];
// Refused whatever --webhook-egress says, with the reason.
const never: Array<[string, RegExp]> = [
  ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254, a link-local address/],
  ['http://0xa9fea9fe/', /169\.254\.169\.254, a link-local/],
  ['http://2852039166/', /169\.254\.169\.254, a link-local/],
  ['http://169.254.1.1/', /link-local/],
  ['http://[::ffff:169.254.169.254]/', /169\.254\.169\.254, a link-local/],
  ['http://[::ffff:a9fe:a9fe]/', /169\.254\.169\.254, a link-local/],
  ['http://[fe80::1]/', /fe80::1, a link-local/],
  ['http://[febf::1]/', /link-local/],
  ['http://[fd00:ec2::254]/', /a cloud metadata address/],
  ['http://100.100.100.200/', /a cloud metadata address/],
  ['http://metadata.test/', /metadata\.test, which resolves to 169\.254\.169\.254, a link-local/],
  ['http://0.0.0.0/', /0\.0\.0\.0, an unspecified address/],
  ['http://0/', /0\.0\.0\.0, an unspecified/],
  ['http://0.1.2.3/', /0\.1\.2\.3, an unspecified/],
  ['http://[::]/', /points to ::, an unspecified/],
  ['http://[::ffff:0.0.0.0]/', /unspecified/],
  ['http://224.0.0.1/', /224\.0\.0\.1, a multicast address/],
  ['http://239.255.255.250/', /multicast/],
  ['http://[ff02::1]/', /ff02::1, a multicast/],
  ['http://[::ffff:224.0.0.1]/', /multicast/],
  ['http://255.255.255.255/', /reserved or broadcast/],
  ['http://user:pass@cms.example/hook', /holds credentials/],
  ['http://token@cms.example/hook', /holds credentials/],
  ['http://:pass@cms.example/hook', /holds credentials/],
  ['http://127.0.0.1:4010/__admin/reset', /this server itself \(127\.0\.0\.1 port 4010\)/],
  ['http://127.1:4010/__admin/reset', /this server itself/],
  ['http://0x7f000001:4010/__admin/reset', /this server itself/],
  ['http://[::ffff:127.0.0.1]:4010/__admin/reset', /this server itself/],
  ['http://[::127.0.0.1]:4010/__admin/reset', /this server itself/],
  ['http://[::ffff:0:127.0.0.1]:4010/__admin/reset', /this server itself/],
  ['http://[64:ff9b::7f00:1]:4010/__admin/reset', /this server itself/],
  ['http://[::127.0.0.1]/hook', /in ::\/96 \(IPv4-compatible Address/],
  ['http://localhost:4010/__admin/reset', /this server itself/],
  ['http://loopback.test:4010/__admin/reset', /loopback\.test, which resolves to this server itself/],
];

describe('the egress policy', () => {
  it.each(loopback)(
    'refuses %s as loopback with --webhook-egress public, allows it with private',
    async (url) => {
      expect(await publicOnly.checkUrl(url)).toMatch(
        /(127\.\d+\.\d+\.\d+|::1)\)?, a loopback address; this server sends webhooks to public addresses only \(start it with --webhook-egress private/,
      );
      expect(await privateToo.checkUrl(url)).toBeUndefined();
    },
  );

  it.each(privateAddresses)(
    'refuses %s as private with public egress, allows it with private',
    async (url) => {
      expect(await publicOnly.checkUrl(url)).toMatch(
        /a private address; this server sends webhooks to public/,
      );
      expect(await privateToo.checkUrl(url)).toBeUndefined();
    },
  );

  it.each(never)('never allows %s', async (url, reason) => {
    expect(await publicOnly.checkUrl(url)).toMatch(reason);
    expect(await privateToo.checkUrl(url)).toMatch(reason);
  });

  it('allows public addresses and names, and a name that does not resolve (checked again when connecting)', async () => {
    for (const url of [
      'https://cms.example.com/hook',
      'http://8.8.8.8/hook',
      'http://[2001:4860:4860::8888]/hook',
      'http://public.test:8080/hook',
      'http://127.0.0.1:4011/hook',
    ]) {
      const policy = url.includes('127.0.0.1') ? privateToo : publicOnly;
      expect(await policy.checkUrl(url), url).toBeUndefined();
    }
    expect(publicOnly.checkTarget('https://public.test/hook')).toEqual({
      hostname: 'public.test',
      port: 443,
    });
  });

  it('takes a server listening on every interface for any loopback or local address on its port', async () => {
    const everywhere = new EgressPolicy({
      ownEndpoints: () => [{ address: '::', port: 4010 }],
      localAddresses: () => ['192.168.7.7', 'fe80::abcd'],
    });
    for (const url of ['http://127.0.0.5:4010/', 'http://[::1]:4010/', 'http://192.168.7.7:4010/']) {
      expect(await everywhere.checkUrl(url), url).toMatch(/this server itself/);
    }
    expect(await everywhere.checkUrl('http://192.168.7.8:4010/')).toBeUndefined();
    expect(await everywhere.checkUrl('http://127.0.0.5:4011/')).toBeUndefined();
  });
});

describe('IP address reading', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['::ffff:192.168.0.1', 'private'],
    ['1:2:3:4:5:6:7:8', 'public'],
    ['2001:db8::1.2.3.4', 'special'],
    ['2001:4860::1.2.3.4', 'public'],
    ['8.8.8.8', 'public'],
  ])('reads %s as %s', (text, kind) => {
    const parsed = parseAddress(text);
    expect(parsed).toBeDefined();
    expect(parsed && addressKind(parsed)).toBe(kind);
  });

  it.each(['1.2.3', '256.1.1.1', '01.2.3.4', '1::2::3', '1:2:3:4:5:6:7:8:9', 'cms.example', '::g', ''])(
    'is not an address: %j',
    (text) => {
      expect(parseAddress(text)).toBeUndefined();
    },
  );
});
