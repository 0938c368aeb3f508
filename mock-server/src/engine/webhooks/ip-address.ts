/**
 * IP addresses as the egress guard sees them. A URL's host reaches the guard as the WHATWG URL
 * parser writes it (`127.1`, `0x7f000001` and `2130706433` all become `127.0.0.1`; IPv6 is
 * compressed and lower-cased); a resolver may also answer IPv6 with a dotted IPv4 tail or a
 * zone (`fe80::1%eth0`). Both are read here.
 */

/** What an address is, for the rules of where webhooks may go. */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/** A parsed address: IPv4 as 4 bytes, IPv6 as 8 groups of 16 bits. */
export type ParsedAddress = { version: 4; bytes: number[] } | { version: 6; groups: number[] };

/** Cloud metadata services outside the link-local range: Alibaba's, and AWS's IPv6 one. */
const METADATA_V4 = new Set(['100.100.100.200']);
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']);

/** Reads a dotted IPv4 address (`127.0.0.1`), or an IPv6 one with or without brackets and zone. */
export function parseAddress(text: string): ParsedAddress | undefined {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const bytes = parseIpv4(unbracketed);
  if (bytes) return { version: 4, bytes };
  const groups = parseIpv6(unbracketed.replace(/%.*$/, ''));
  return groups ? { version: 6, groups } : undefined;
}

/**
 * The IPv4 address an IPv6 one carries, in the forms that reach an IPv4 host: mapped
 * (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4
 * (`2002:aabb:ccdd::`).
 */
export function embeddedIpv4(groups: readonly number[]): number[] | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const tail = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(5) && g5 === 0xffff) return tail;
  // ::a.b.c.d, but not :: and ::1, which are IPv6's own.
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return tail;
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return tail;
  if (g0 === 0x2002) return [g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff];
  return undefined;
}

/** The kind of an address; an IPv6 address that carries an IPv4 one is that address's kind. */
export function addressKind(address: ParsedAddress): AddressKind {
  if (address.version === 4) return ipv4Kind(address.bytes);
  const embedded = embeddedIpv4(address.groups);
  if (embedded) return ipv4Kind(embedded);
  const [g0 = 0] = address.groups;
  const text = address.groups.map((group) => group.toString(16)).join(':');
  if (METADATA_V6.has(text)) return 'metadata';
  if (address.groups.every((group) => group === 0)) return 'unspecified';
  if (address.groups.slice(0, 7).every((group) => group === 0) && address.groups[7] === 1) return 'loopback';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  // fec0::/10, the deprecated site-local range, is private in effect.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  return 'public';
}

/** One spelling of an address, to compare two (`::ffff:127.0.0.1` is `127.0.0.1`). */
export function canonicalAddress(address: ParsedAddress): string {
  if (address.version === 4) return address.bytes.join('.');
  const [g0, g1, g2, g3, g4, g5] = address.groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return (embeddedIpv4(address.groups) ?? []).join('.');
  }
  return address.groups.map((group) => group.toString(16)).join(':');
}

/** An address as messages show it: IPv6 compressed, with the IPv4 address it carries. */
export function displayAddress(address: ParsedAddress): string {
  const canonical = canonicalAddress(address);
  if (address.version === 4 || !canonical.includes(':')) return canonical;
  const embedded = embeddedIpv4(address.groups);
  const compressed = compressIpv6(address.groups);
  return embedded ? `${compressed} (${embedded.join('.')})` : compressed;
}

function compressIpv6(groups: readonly number[]): string {
  let best = { start: -1, length: 0 };
  for (let start = 0; start < groups.length; ) {
    let end = start;
    while (end < groups.length && groups[end] === 0) end++;
    if (end - start > best.length && end - start > 1) best = { start, length: end - start };
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  const head = hex.slice(0, best.start).join(':');
  const tail = hex.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

function ipv4Kind(bytes: readonly number[]): AddressKind {
  const [a = 0, b = 0] = bytes;
  if (METADATA_V4.has(bytes.join('.'))) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  // 100.64.0.0/10: carrier-grade NAT, shared address space inside a provider.
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return 'public';
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : undefined;
}

function parseIpv6(text: string): number[] | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  let body = text;
  const tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.')) {
    const v4 = parseIpv4(body.slice(lastColon + 1));
    if (!v4) return undefined;
    tail.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    body = body.slice(0, lastColon + 1);
    // `::1.2.3.4` leaves `::`; `1::1.2.3.4` leaves `1::`; `1:2:3:4:5:6:1.2.3.4` leaves `1:…:6:`.
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const read = (half: string | undefined) =>
    half === undefined || half === ''
      ? []
      : half
          .split(':')
          .map((group) => (/^[0-9a-fA-F]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN));
  const head = read(halves[0]);
  const rest = read(halves[1]);
  if ([...head, ...rest].some(Number.isNaN)) return undefined;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 2) {
    if (given > 7) return undefined;
    return [...head, ...new Array<number>(8 - given).fill(0), ...rest, ...tail];
  }
  return given === 8 ? [...head, ...tail] : undefined;
}
