import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackHost } from './loopback';

export interface HostAllowListOptions {
  /** The address and port the server listens on. */
  listening: { address: string; port: number };
  /** `--public-url`: its host (and port) is served. */
  publicUrl?: string;
  /** `--allowed-host`: `name` (any port) or `name:port`, `[v6]:port`. */
  allowedHosts?: readonly string[];
}

interface AllowedHost {
  name: string;
  /** `undefined`: any port. */
  port: string | undefined;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The hosts a server answers to, by the request's `Host` header. A page on `evil.example` whose
 * name an attacker points at 127.0.0.1 (DNS rebinding) reaches a mock on a developer's laptop
 * with `Host: evil.example:4010`; refusing every host but the ones this server is reached at
 * leaves that page nothing to read or drive. While the server listens on loopback the list is
 * always on: `localhost` (and its subdomains), `127.0.0.1` and `[::1]` (and the listening address)
 * with the listening port, the host of `publicUrl`, and `allowedHosts`. On another address (a container, a LAN) it
 * is on once `publicUrl` or `allowedHosts` says which names clients use.
 *
 * @example
 * ```ts
 * const hosts = new HostAllowList({ listening: { address: '127.0.0.1', port: 4010 }, allowedHosts: ['mock.test'] });
 * hosts.allows('localhost:4010'); // true
 * hosts.allows('evil.example:4010'); // false
 * ```
 */
export class HostAllowList {
  /** `false` when every host is served (a non-loopback address with no name configured). */
  readonly enforced: boolean;
  private readonly allowed: AllowedHost[];
  private readonly port: string;

  constructor(options: HostAllowListOptions) {
    const { address, port } = options.listening;
    const configured = (options.allowedHosts ?? []).flatMap((entry) => {
      const parsed = allowedHostProblem(entry) ? undefined : parseHost(entry);
      if (!parsed) throw new Error(allowedHostProblem(entry));
      return [parsed];
    });
    this.enforced = isLoopbackHost(address) || options.publicUrl !== undefined || configured.length > 0;
    this.port = String(port);
    const listeningName = address.includes(':') ? `[${address.toLowerCase()}]` : address;
    this.allowed = [...LOOPBACK_NAMES, listeningName].map((name) => ({ name, port: String(port) }));
    if (options.publicUrl !== undefined) {
      const url = new URL(options.publicUrl);
      const effective = url.port || (url.protocol === 'https:' ? '443' : '80');
      this.allowed.push({ name: url.hostname.toLowerCase(), port: effective });
    }
    this.allowed.push(...configured);
  }

  /** `Host` headers seen lately and the answer for each: clients send the same few again and again. */
  private readonly seen = new Map<string, boolean>();

  /** Whether a request with this `Host` header is served (a request without one is: browsers always send it). */
  allows(host: string | undefined): boolean {
    if (!this.enforced || host === undefined) return true;
    let allowed = this.seen.get(host);
    if (allowed === undefined) {
      allowed = this.check(host);
      if (this.seen.size >= 64) this.seen.clear();
      this.seen.set(host, allowed);
    }
    return allowed;
  }

  private check(host: string): boolean {
    const parsed = parseHost(host);
    if (!parsed) return false;
    // Browsers resolve *.localhost to loopback themselves (RFC 6761): no other site can take such a name.
    if (parsed.name.endsWith('.localhost') && parsed.port === this.port) return true;
    return this.allowed.some((entry) => entry.name === parsed.name && portMatches(entry.port, parsed.port));
  }
}

/** An entry without a port takes any; a `Host` without one is on its scheme's default port, 80 or 443. */
function portMatches(allowed: string | undefined, given: string | undefined): boolean {
  if (allowed === undefined) return true;
  if (given === undefined || given === '') return allowed === '80' || allowed === '443';
  return allowed === given;
}

/** Why an `--allowed-host` value cannot be used, or `undefined` when it can. */
export function allowedHostProblem(entry: string): string | undefined {
  const parsed = parseHost(entry);
  if (!parsed || parsed.name === '' || parsed.port === '' || /[/?#@\s]/.test(entry)) {
    return `--allowed-host takes a host name as clients write it, with an optional port (mock.test, mock.test:4010 or [fd00::1]:4010), got "${entry}".`;
  }
  return undefined;
}

/** `name[:port]` of a `Host` header, lower-cased, without a trailing dot. */
function parseHost(host: string): AllowedHost | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]*)(?::(\d*))?$/.exec(host.trim());
  if (!match) return undefined;
  const name = (match[1] ?? '').toLowerCase().replace(/\.$/, '');
  return { name, port: match[2] };
}

/**
 * The 421 answer to a request for a host this server does not serve: HTML for a browser, the
 * public article API's error shape on its paths, the main API's elsewhere. It names the flag that
 * serves the host (`refused`: the `Host` header, or a trusted proxy's `X-Forwarded-Host`).
 */
export function refuseHost(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  refused = req.headers.host ?? '',
): void {
  const host = refused.slice(0, 100);
  const message = `This server does not answer to the host "${host}": a page whose name points at this machine could otherwise read and drive it (DNS rebinding). Call it at the address it printed, or start it with --allowed-host ${host.replace(/:\d*$/, '') || 'NAME'} (or --public-url) to serve that name.`;
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const browser = (req.headers.accept ?? '').includes('text/html');
  let type = 'application/json; charset=utf-8';
  let body: string;
  if (browser && !path.startsWith('/v1') && !path.startsWith('/public-article-api')) {
    type = 'text/html; charset=utf-8';
    body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host not served</title></head><body><h1>Host not served</h1><p>${escapeHtml(message)}</p></body></html>`;
  } else if (path === '/public-article-api' || path.startsWith('/public-article-api/')) {
    body = JSON.stringify({ success: false, error: message });
  } else {
    body = JSON.stringify({ error: { type: 'invalid_request_error', message, request_id: requestId } });
  }
  res.writeHead(421, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
