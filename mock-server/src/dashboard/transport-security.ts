/**
 * `Strict-Transport-Security` of a dashboard reached at an https origin: browsers then refuse
 * plain http to that host for a year, so the session cookie never meets a downgraded
 * connection. One year is the value browsers' preload lists ask for; no `includeSubDomains`
 * (other services may live under the host) and no `preload` (the operator's choice).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The header for the dashboard at `origin` (`https://dash.example`), or none: over http a
 * browser ignores it, and on a loopback host it would hold for every local port, long after the
 * server that sent it.
 *
 * @example
 * ```ts
 * transportSecurityHeaders('https://dash.example'); // { 'strict-transport-security': 'max-age=31536000' }
 * transportSecurityHeaders('http://127.0.0.1:4010'); // {}
 * ```
 */
export function transportSecurityHeaders(origin: string): Record<string, string> {
  const { protocol, hostname } = new URL(origin);
  if (protocol !== 'https:' || isLoopbackName(hostname)) return {};
  return { 'strict-transport-security': STRICT_TRANSPORT_SECURITY };
}

function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}
