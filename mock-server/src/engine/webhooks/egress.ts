import { BoundedCache } from '../kernel/bounded-cache';
import {
  type AddressKind,
  addressKind,
  canonicalAddress,
  displayAddress,
  embeddedIpv4,
  type ParsedAddress,
  parseAddress,
  specialPurposeRange,
} from './ip-address';

/** An address and port a server listens on. */
export interface Endpoint {
  address: string;
  port: number;
}

export interface EgressPolicyOptions {
  /**
   * Whether webhooks may go to loopback and private addresses (127.0.0.0/8, ::1, 10.0.0.0/8,
   * 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, fc00::/7). The reference server allows them
   * while it listens on loopback (a mock in CI), and `--webhook-egress` chooses.
   * @default true
   * @example new EgressPolicy({ allowPrivate: false })
   */
  allowPrivate?: boolean;
  /**
   * Resolves a host name to every address it has. Without it a name is not looked up when a
   * webhook is set, only when a sender connects (if that sender checks addresses).
   * @example new EgressPolicy({ resolve: async () => ['203.0.113.7'] })
   */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Where this server listens: a webhook never goes there. An unspecified address (`0.0.0.0`,
   * `::`) stands for every loopback address and the addresses in `localAddresses`.
   * @example new EgressPolicy({ ownEndpoints: () => [{ address: '127.0.0.1', port: 4010 }] })
   */
  ownEndpoints?: () => readonly Endpoint[];
  /** The machine's own interface addresses, for a server listening on every interface. */
  localAddresses?: () => readonly string[];
}

/** Why a webhook may not go to an address, and what allows it when something can. */
const NEVER: Partial<Record<AddressKind, string>> = {
  'link-local': 'a link-local address (169.254.0.0/16, fe80::/10), where cloud metadata services answer',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address (0.0.0.0/8, ::), which stands for this machine',
  multicast: 'a multicast address (224.0.0.0/4, ff00::/8)',
  reserved: 'a reserved or broadcast address (240.0.0.0/4)',
};
const PRIVATE: Partial<Record<AddressKind, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
};

/**
 * Where webhooks may go. Never to link-local or metadata addresses, `0.0.0.0/8`, multicast, any
 * other special-purpose range that is not globally reachable (benchmarking, documentation,
 * Teredo, local-use NAT64, …: see `special-purpose-ranges.ts`), a URL with credentials, or this
 * server itself, whichever way its address is spelled; to loopback and private addresses only when
 * `allowPrivate`. A webhook URL is checked when it is set (`checkUrl`, every address its host
 * resolves to) and again by the sender for every address it connects to (`checkAddress`),
 * since a DNS answer can change in between.
 *
 * @example
 * ```ts
 * const egress = new EgressPolicy({ allowPrivate: false });
 * await egress.checkUrl('http://0x7f000001/hook'); // 'points to 127.0.0.1, a loopback address; …'
 * ```
 */
export class EgressPolicy {
  readonly allowPrivate: boolean;

  constructor(private readonly options: EgressPolicyOptions = {}) {
    this.allowPrivate = options.allowPrivate ?? true;
  }

  /** Looks a host name up with the configured resolver, if there is one. */
  get resolve(): ((hostname: string) => Promise<string[]>) | undefined {
    return this.options.resolve;
  }

  /**
   * Why a webhook may not go to `url` (a sentence starting with a verb, such as "points to …"),
   * or `undefined` when it may. The host name is resolved when a resolver is configured; a name
   * that does not resolve now passes here and is checked again when a sender connects.
   *
   * @example
   * ```ts
   * const refusal = await egress.checkUrl('http://169.254.169.254/latest/meta-data');
   * if (refusal) throw new InvalidRequestError(`The webhook URL ${refusal}`, 'url');
   * ```
   */
  async checkUrl(url: string): Promise<string | undefined> {
    const target = this.checkTarget(url);
    if (target.refusal !== undefined || target.hostname === undefined || !this.options.resolve) {
      return target.refusal;
    }
    let addresses: string[];
    try {
      addresses = await this.options.resolve(target.hostname);
    } catch {
      return undefined;
    }
    for (const address of addresses) {
      const refusal = this.checkAddress(address, target.port);
      if (refusal !== undefined) return resolvedRefusal(target.hostname, refusal);
    }
    return undefined;
  }

  /**
   * What can be told from the URL alone: credentials, an IP address written in it, `localhost`,
   * this server. Answers the refusal, or the host name a sender must still resolve and check.
   *
   * @example
   * ```ts
   * const { refusal, hostname, port } = egress.checkTarget('https://hooks.example.com/rankquill');
   * // refusal undefined, hostname 'hooks.example.com', port 443: resolve the name, then checkAddress
   * ```
   */
  checkTarget(url: string): { refusal?: string; hostname?: string; port: number } {
    const target = urlTargets.get(url, targetOf);
    if (target === undefined) return { refusal: 'is not an absolute URL', port: 0 };
    const { port, hostname } = target;
    if (target.credentials) {
      return {
        refusal: 'holds credentials (user:password@); they would travel in every delivery. Leave them out',
        port,
      };
    }
    if (target.address) return { refusal: this.checkParsed(target.address, port), port };
    if (target.localhost) return { refusal: this.checkAddress('127.0.0.1', port, hostname), port };
    return { hostname, port };
  }

  /**
   * Why a webhook may not go to `address` on `port`, or `undefined` when it may.
   *
   * @example
   * ```ts
   * for (const address of await systemResolve(hostname)) {
   *   const refusal = egress.checkAddress(address, port, hostname);
   *   if (refusal) return refusedAnswer(url, refusal);
   * }
   * ```
   */
  checkAddress(address: string, port: number, spelledAs = address): string | undefined {
    const parsed = parseAddress(address);
    if (!parsed) return `points to ${spelledAs}, which is not an IP address`;
    return this.checkParsed(parsed, port);
  }

  private checkParsed(parsed: ParsedAddress, port: number): string | undefined {
    const shown = displayAddress(parsed);
    if (this.isOwnEndpoint(canonicalAddress(parsed), port)) {
      return `points to this server itself (${shown} port ${port}); webhooks never go to the server that sends them`;
    }
    const kind = addressKind(parsed);
    if (kind === 'special') {
      return `points to ${shown}, ${specialRangeText(parsed)}, a special-purpose range that is not globally reachable; webhooks never go there`;
    }
    const never = NEVER[kind];
    if (never) return `points to ${shown}, ${never}; webhooks never go there`;
    const privateKind = PRIVATE[kind];
    if (privateKind && !this.allowPrivate) {
      return `points to ${shown}, ${privateKind}; this server sends webhooks to public addresses only (start it with --webhook-egress private to allow loopback and private addresses)`;
    }
    return undefined;
  }

  private isOwnEndpoint(address: string, port: number): boolean {
    for (const own of this.options.ownEndpoints?.() ?? []) {
      if (own.port !== port) continue;
      const ownAddress = parseAddress(own.address);
      if (!ownAddress) continue;
      if (canonicalAddress(ownAddress) === address) return true;
      if (addressKind(ownAddress) === 'unspecified') {
        const target = parseAddress(address);
        if (target && addressKind(target) === 'loopback') return true;
        if (target && addressKind(target) === 'unspecified') return true;
        const local = this.options.localAddresses?.() ?? [];
        if (local.some((candidate) => canonicalOf(candidate) === address)) return true;
      }
    }
    return false;
  }
}

/** What the egress rules need from a URL: it depends on the URL alone, so it is parsed once. */
interface UrlTarget {
  port: number;
  hostname: string;
  credentials: boolean;
  /** The IP address the URL spells, if it spells one. */
  address?: ParsedAddress;
  /** `localhost` or a subdomain of it: this machine, whatever a resolver says (RFC 6761). */
  localhost: boolean;
}

/** Webhook URLs as last parsed: a project's URL is checked before every delivery. */
const urlTargets = new BoundedCache<string, UrlTarget | undefined>(256);

function targetOf(url: string): UrlTarget | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const hostname = parsed.hostname;
  const name = hostname.replace(/\.$/, '');
  return {
    port: Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80),
    hostname,
    credentials: parsed.username !== '' || parsed.password !== '',
    address: parseAddress(hostname),
    localhost: name === 'localhost' || name.endsWith('.localhost'),
  };
}

/** `points to X, …` said of a host name that resolved to X. */
export function resolvedRefusal(hostname: string, refusal: string): string {
  return refusal.replace(/^points to /, `points to ${hostname}, which resolves to `);
}

/** `in 198.18.0.0/15 (Benchmarking, RFC 2544)`: the range of an address carried or not. */
function specialRangeText(parsed: ParsedAddress): string {
  let range = specialPurposeRange(parsed);
  const embedded = parsed.version === 6 ? embeddedIpv4(parsed.groups) : undefined;
  if (range?.treatment === 'embedded' && embedded)
    range = specialPurposeRange({ version: 4, bytes: embedded });
  return range ? `in ${range.prefix} (${range.name}, ${range.rfc})` : 'in a special-purpose range';
}

function canonicalOf(address: string): string | undefined {
  const parsed = parseAddress(address);
  return parsed ? canonicalAddress(parsed) : undefined;
}
