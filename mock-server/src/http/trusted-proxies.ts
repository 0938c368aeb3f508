import { BlockList, isIP } from 'node:net';

/**
 * `--trust-proxy` (`trustProxy` in code): which proxies' forwarded headers are believed. A hop
 * count (`1`: the peer is the one proxy in front), or addresses, CIDR ranges and the names
 * `loopback`, `linklocal` and `uniquelocal`, as a list or comma-separated.
 */
export type TrustProxyOption = number | string | readonly string[];

/** A `--trust-proxy` value that cannot be read; the message names the flag and the entry. */
export class TrustProxyError extends Error {
  override name = 'TrustProxyError';
}

/** The ranges Express's `trust proxy` names (proxy-addr), by name. */
const NAMED_RANGES: Record<string, ReadonlyArray<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Most proxies a hop count may name. */
const MAX_HOPS = 32;

const USAGE =
  'give a hop count (1 to 32), or addresses, CIDR ranges (10.0.0.0/8) and loopback, linklocal or uniquelocal';

/** What a trusted proxy chain says about one request. */
export interface ForwardedRequest {
  /** The client: the first address, walking back from the peer, that is not a trusted proxy. */
  clientAddress: string;
  /** `X-Forwarded-Proto` of a trusted peer, when it says http or https. */
  protocol?: 'http' | 'https';
  /** `X-Forwarded-Host` of a trusted peer, when it is a host name (with an optional port). */
  host?: string;
}

/**
 * The proxies in front of the server whose `X-Forwarded-For`, `-Proto` and `-Host` are
 * believed, as Express's `trust proxy` and Rails's trusted proxies define them: the peer and
 * each `X-Forwarded-For` entry walking leftwards count as proxies while they are trusted, and the
 * first one that is not is the client. `-Proto` and `-Host` count only when the peer is trusted
 * (their first entry, as Express reads them). With no trusted proxy every header is anyone's to
 * write, and the peer is the client.
 *
 * @example
 * ```ts
 * const proxies = TrustedProxies.parse(['loopback', '10.0.0.0/8']);
 * proxies.read('127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' }).clientAddress; // '203.0.113.7'
 * TrustedProxies.parse(1).read('192.0.2.1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.7' }).clientAddress; // '203.0.113.7'
 * ```
 */
export class TrustedProxies {
  private constructor(
    private readonly hops: number | undefined,
    private readonly ranges: BlockList | undefined,
  ) {}

  /** No proxy is trusted: the default. */
  static readonly none = new TrustedProxies(0, undefined);

  /** Reads `--trust-proxy` values; throws `TrustProxyError` naming an entry it cannot read. */
  static parse(option: TrustProxyOption | undefined): TrustedProxies {
    if (option === undefined) return TrustedProxies.none;
    const entries = (
      typeof option === 'number' ? [String(option)] : typeof option === 'string' ? [option] : option
    )
      .flatMap((value) => value.split(','))
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (entries.length === 0) return TrustedProxies.none;
    if (entries.some((entry) => /^[0-9]+$/.test(entry))) {
      const hops = Number(entries[0]);
      if (entries.length > 1 || !Number.isSafeInteger(hops) || hops < 1 || hops > MAX_HOPS) {
        throw new TrustProxyError(
          `--trust-proxy takes a hop count alone, from 1 to ${MAX_HOPS}, got "${entries.join(',')}": ${USAGE}.`,
        );
      }
      return new TrustedProxies(hops, undefined);
    }
    const ranges = new BlockList();
    for (const entry of entries) addEntry(ranges, entry);
    return new TrustedProxies(undefined, ranges);
  }

  /** Whether any proxy is trusted. */
  get enabled(): boolean {
    return this.ranges !== undefined || (this.hops ?? 0) > 0;
  }

  /** Whether the address `hop` steps from the server (0: the peer) is a trusted proxy. */
  trusts(address: string, hop: number): boolean {
    if (this.hops !== undefined) return hop < this.hops;
    const plain = plainAddress(address);
    const family = isIP(plain);
    return (
      family !== 0 && this.ranges !== undefined && this.ranges.check(plain, family === 4 ? 'ipv4' : 'ipv6')
    );
  }

  /** The client address, and the forwarded protocol and host when the peer is trusted. */
  read(peer: string | undefined, headers: Record<string, string | string[] | undefined>): ForwardedRequest {
    const socket = plainAddress(peer ?? '');
    if (!this.enabled || !this.trusts(socket, 0)) return { clientAddress: socket };
    const chain = [socket, ...listOf(headers['x-forwarded-for']).reverse()];
    let client = socket;
    for (let hop = 0; hop < chain.length; hop++) {
      client = chain[hop] ?? client;
      if (hop === chain.length - 1 || !this.trusts(client, hop)) break;
    }
    const protocol = listOf(headers['x-forwarded-proto'])[0]?.toLowerCase();
    const host = listOf(headers['x-forwarded-host'])[0];
    return {
      clientAddress: plainAddress(client),
      ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
      ...(host !== undefined && HOST.test(host) ? { host } : {}),
    };
  }
}

/** A host name or address with an optional port, as a `Host` header holds it. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

function addEntry(ranges: BlockList, entry: string): void {
  const named = NAMED_RANGES[entry.toLowerCase()];
  if (named) {
    for (const [network, prefix, family] of named) ranges.addSubnet(network, prefix, family);
    return;
  }
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
  const maxBits = family === 4 ? 32 : 128;
  const badPrefix = prefix !== undefined && !/^[0-9]{1,3}$/.test(prefix);
  if (family === 0 || extra !== undefined || badPrefix || !(bits >= 0 && bits <= maxBits)) {
    throw new TrustProxyError(`--trust-proxy cannot read "${entry}": ${USAGE}.`);
  }
  ranges.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
}

/** The entries of a comma-separated header (or of each of its repeats), trimmed, none empty. */
function listOf(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** An address without IPv6 brackets, and an IPv4-mapped IPv6 address as IPv4 (`::ffff:127.0.0.1`). */
export function plainAddress(address: string): string {
  const unbracketed = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unbracketed);
  return mapped?.[1] ?? unbracketed;
}
