import {
  IPV4_SPECIAL_PURPOSE_RANGES,
  IPV6_SPECIAL_PURPOSE_RANGES,
  type SpecialPurposeRange,
} from './special-purpose-ranges';

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
  | 'reserved'
  /** In a special-purpose range that is not globally reachable (see `special-purpose-ranges.ts`). */
  | 'special';

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
 * (`::ffff:a.b.c.d`), translated (SIIT, `::ffff:0:a.b.c.d`), compatible (`::a.b.c.d`), NAT64
 * (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`).
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
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return tail;
  // ::a.b.c.d, but not :: and ::1, which are IPv6's own.
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return tail;
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return tail;
  if (g0 === 0x2002) return [g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff];
  return undefined;
}

/**
 * The kind of an address, from the special-purpose registries (the longest matching range); an
 * address in no range is public, and one of a range that carries an IPv4 address is that
 * address's kind.
 */
export function addressKind(address: ParsedAddress): AddressKind {
  if (
    address.version === 4
      ? METADATA_V4.has(address.bytes.join('.'))
      : METADATA_V6.has(groupsText(address.groups))
  ) {
    return 'metadata';
  }
  const range = specialPurposeRange(address);
  if (range === undefined) return 'public';
  if (range.treatment !== 'embedded') return range.treatment;
  const embedded = address.version === 6 ? embeddedIpv4(address.groups) : undefined;
  return embedded ? addressKind({ version: 4, bytes: embedded }) : 'special';
}

/** The most specific special-purpose range that holds `address`, if any. */
export function specialPurposeRange(address: ParsedAddress): SpecialPurposeRange | undefined {
  const bits = address.version === 4 ? 32 : 128;
  const value = addressValue(address);
  let best: CompiledRange | undefined;
  for (const range of address.version === 4 ? IPV4_RANGES : IPV6_RANGES) {
    const shift = BigInt(bits - range.length);
    if (value >> shift !== range.value >> shift) continue;
    if (!best || range.length > best.length) best = range;
  }
  return best?.range;
}

interface CompiledRange {
  range: SpecialPurposeRange;
  value: bigint;
  length: number;
}

const IPV4_RANGES = IPV4_SPECIAL_PURPOSE_RANGES.map(compileRange);
const IPV6_RANGES = IPV6_SPECIAL_PURPOSE_RANGES.map(compileRange);

function compileRange(range: SpecialPurposeRange): CompiledRange {
  const [text = '', length = ''] = range.prefix.split('/');
  const address = parseAddress(text);
  if (!address) throw new Error(`special-purpose range ${range.prefix} does not parse`);
  return { range, value: addressValue(address), length: Number(length) };
}

function addressValue(address: ParsedAddress): bigint {
  const [parts, width] = address.version === 4 ? [address.bytes, 8n] : [address.groups, 16n];
  return parts.reduce((value, part) => (value << width) | BigInt(part), 0n);
}

function groupsText(groups: readonly number[]): string {
  return groups.map((group) => group.toString(16)).join(':');
}

/**
 * One spelling of an address, to compare two: an IPv6 address that carries an IPv4 one is that
 * address (`::ffff:127.0.0.1`, `::127.0.0.1` and `64:ff9b::7f00:1` are all `127.0.0.1`).
 */
export function canonicalAddress(address: ParsedAddress): string {
  if (address.version === 4) return address.bytes.join('.');
  return embeddedIpv4(address.groups)?.join('.') ?? groupsText(address.groups);
}

/** An address as messages show it: IPv6 compressed, with the IPv4 address it carries. */
export function displayAddress(address: ParsedAddress): string {
  if (address.version === 4) return address.bytes.join('.');
  const [g0, g1, g2, g3, g4, g5] = address.groups;
  const embedded = embeddedIpv4(address.groups);
  const mapped = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff;
  if (mapped && embedded) return embedded.join('.');
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
