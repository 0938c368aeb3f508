/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries, as data: every range with what a
 * webhook may do there. A range the registry marks not globally reachable is refused (`special`),
 * except loopback and private ones, which `--webhook-egress private` allows; a range that is
 * global stays public; a range that carries an IPv4 address (mapped, NAT64, 6to4) is judged by
 * that address. The longest matching prefix wins, so `192.0.0.9/32` is public inside
 * `192.0.0.0/24`.
 */

/** What an address of a range is, for where webhooks may go. */
export type RangeTreatment =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  /** Special-purpose and not globally reachable: never a webhook's destination. */
  | 'special'
  /** Carries an IPv4 address in its low bits: judged as that address. */
  | 'embedded';

export interface SpecialPurposeRange {
  /** CIDR notation, as the registry writes it. */
  prefix: string;
  /** The registry's name of the range. */
  name: string;
  /** The RFC that defines it. */
  rfc: string;
  treatment: RangeTreatment;
}

/** https://www.iana.org/assignments/iana-ipv4-special-registry, with multicast (RFC 5771). */
export const IPV4_SPECIAL_PURPOSE_RANGES: readonly SpecialPurposeRange[] = [
  { prefix: '0.0.0.0/8', name: '"This network"', rfc: 'RFC 791', treatment: 'unspecified' },
  { prefix: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918', treatment: 'private' },
  { prefix: '100.64.0.0/10', name: 'Shared Address Space', rfc: 'RFC 6598', treatment: 'private' },
  { prefix: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122', treatment: 'loopback' },
  { prefix: '169.254.0.0/16', name: 'Link Local', rfc: 'RFC 3927', treatment: 'link-local' },
  { prefix: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918', treatment: 'private' },
  { prefix: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890', treatment: 'special' },
  { prefix: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', rfc: 'RFC 7335', treatment: 'special' },
  { prefix: '192.0.0.8/32', name: 'IPv4 dummy address', rfc: 'RFC 7600', treatment: 'special' },
  { prefix: '192.0.0.9/32', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723', treatment: 'public' },
  {
    prefix: '192.0.0.10/32',
    name: 'Traversal Using Relays around NAT Anycast',
    rfc: 'RFC 8155',
    treatment: 'public',
  },
  { prefix: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880', treatment: 'special' },
  { prefix: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880', treatment: 'special' },
  { prefix: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737', treatment: 'special' },
  { prefix: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535', treatment: 'public' },
  { prefix: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450', treatment: 'public' },
  {
    prefix: '192.88.99.0/24',
    name: 'Deprecated (6to4 Relay Anycast)',
    rfc: 'RFC 7526',
    treatment: 'special',
  },
  { prefix: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918', treatment: 'private' },
  {
    prefix: '192.175.48.0/24',
    name: 'Direct Delegation AS112 Service',
    rfc: 'RFC 7534',
    treatment: 'public',
  },
  { prefix: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544', treatment: 'special' },
  { prefix: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737', treatment: 'special' },
  { prefix: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737', treatment: 'special' },
  { prefix: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771', treatment: 'multicast' },
  { prefix: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112', treatment: 'reserved' },
  { prefix: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 919', treatment: 'reserved' },
];

/**
 * https://www.iana.org/assignments/iana-ipv6-special-registry, with the deprecated forms that
 * carry an IPv4 address (IPv4-compatible, SIIT), site-local and multicast.
 */
export const IPV6_SPECIAL_PURPOSE_RANGES: readonly SpecialPurposeRange[] = [
  { prefix: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291', treatment: 'loopback' },
  { prefix: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291', treatment: 'unspecified' },
  { prefix: '::/96', name: 'IPv4-compatible Address (deprecated)', rfc: 'RFC 4291', treatment: 'special' },
  { prefix: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291', treatment: 'embedded' },
  {
    prefix: '::ffff:0:0:0/96',
    name: 'IPv4-translated Address (SIIT)',
    rfc: 'RFC 2765',
    treatment: 'special',
  },
  { prefix: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 6052', treatment: 'embedded' },
  {
    prefix: '64:ff9b:1::/48',
    name: 'IPv4-IPv6 Translat. (local use)',
    rfc: 'RFC 8215',
    treatment: 'special',
  },
  { prefix: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666', treatment: 'special' },
  { prefix: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780', treatment: 'special' },
  { prefix: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928', treatment: 'special' },
  { prefix: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380', treatment: 'special' },
  { prefix: '2001:1::1/128', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723', treatment: 'public' },
  {
    prefix: '2001:1::2/128',
    name: 'Traversal Using Relays around NAT Anycast',
    rfc: 'RFC 8155',
    treatment: 'public',
  },
  {
    prefix: '2001:1::3/128',
    name: 'DNS-SD Service Registration Protocol Anycast',
    rfc: 'RFC 9665',
    treatment: 'public',
  },
  { prefix: '2001:2::/48', name: 'Benchmarking', rfc: 'RFC 5180', treatment: 'special' },
  { prefix: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450', treatment: 'public' },
  { prefix: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535', treatment: 'public' },
  { prefix: '2001:10::/28', name: 'Deprecated (previously ORCHID)', rfc: 'RFC 4843', treatment: 'special' },
  { prefix: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343', treatment: 'public' },
  {
    prefix: '2001:30::/28',
    name: 'Drone Remote ID Protocol Entity Tags',
    rfc: 'RFC 9374',
    treatment: 'public',
  },
  { prefix: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849', treatment: 'special' },
  { prefix: '2002::/16', name: '6to4', rfc: 'RFC 3056', treatment: 'embedded' },
  {
    prefix: '2620:4f:8000::/48',
    name: 'Direct Delegation AS112 Service',
    rfc: 'RFC 7534',
    treatment: 'public',
  },
  { prefix: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637', treatment: 'special' },
  { prefix: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602', treatment: 'special' },
  { prefix: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193', treatment: 'private' },
  { prefix: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291', treatment: 'link-local' },
  { prefix: 'fec0::/10', name: 'Site-Local (deprecated)', rfc: 'RFC 3879', treatment: 'private' },
  { prefix: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291', treatment: 'multicast' },
];
