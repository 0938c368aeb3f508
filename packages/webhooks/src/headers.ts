/** One header's value as a framework hands it over: a string, or several (the first counts). */
export type HeaderValue = string | readonly string[] | undefined;

/**
 * Request headers in any shape a framework hands over: a Fetch `Headers` (Next.js, Hono, Bun,
 * Deno), the record of Node's `IncomingMessage.headers` (Express, `node:http`), a plain record in
 * any case, with CGI-style server names (`HTTP_X_SERVICE_KEY`, `CONTENT_TYPE`) or array values,
 * a `Map`, a list of `[name, value]` pairs, or the request itself (anything with `headers`).
 */
export type HeadersInput =
  | { get(name: string): string | null }
  | ReadonlyMap<string, HeaderValue>
  | Record<string, HeaderValue>
  | ReadonlyArray<readonly [string, string]>
  | { headers: HeadersInput };

/** `HTTP_X_SERVICE_KEY` -> `x-service-key`; other names lower-cased. */
function plainName(name: string): string {
  const lower = name.toLowerCase();
  return /^http_[a-z0-9_]+$/.test(lower) ? lower.slice('http_'.length).replaceAll('_', '-') : lower;
}

function firstValue(value: HeaderValue): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** The value of the first pair named `name` (any case, or its `HTTP_` form). */
function fromPairs(pairs: Iterable<readonly [string, HeaderValue]>, name: string): string | undefined {
  let serverName: HeaderValue;
  for (const [candidate, value] of pairs) {
    if (value === undefined) continue;
    if (candidate.toLowerCase() === name) return firstValue(value);
    if (serverName === undefined && plainName(candidate) === name) serverName = value;
  }
  return firstValue(serverName);
}

function isHeaders(value: object): value is { get(name: string): string | null } {
  return typeof (value as { get?: unknown }).get === 'function' && !(value instanceof Map);
}

/**
 * The value of header `name` (any case), from any `HeadersInput`; undefined when absent. A
 * header given as an array yields its first value; a name given both plainly and as
 * `HTTP_…` yields the plain one.
 *
 * @example
 * ```ts
 * import { getHeader } from '@rankquill/webhooks';
 * getHeader({ HTTP_X_SERVICE_KEY: 'k' }, 'x-service-key'); // 'k'
 * getHeader(new Headers({ 'X-Service-Key': 'k' }), 'x-service-key'); // 'k'
 * ```
 */
export function getHeader(headers: HeadersInput, name: string): string | undefined {
  const wanted = name.toLowerCase();
  if (headers === null || typeof headers !== 'object') return undefined;
  if (isHeaders(headers)) return headers.get(wanted) ?? undefined;
  if (headers instanceof Map) return fromPairs(headers, wanted);
  if (Array.isArray(headers)) return fromPairs(headers as ReadonlyArray<readonly [string, string]>, wanted);
  const record = headers as Record<string, unknown>;
  // A request object (Node's IncomingMessage, a Fetch Request, a framework's): read its headers.
  if (
    typeof record.headers === 'object' &&
    record.headers !== null &&
    (typeof record.method === 'string' || 'url' in record || isHeaders(record.headers as object))
  ) {
    return getHeader(record.headers as HeadersInput, wanted);
  }
  const direct = record[wanted];
  if (typeof direct === 'string' || Array.isArray(direct)) return firstValue(direct as HeaderValue);
  return fromPairs(Object.entries(record as Record<string, HeaderValue>), wanted);
}
