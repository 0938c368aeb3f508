/**
 * Request headers in any of the shapes the adapters meet: a Fetch `Headers` object, or the
 * plain record of Node's `IncomingMessage.headers` (lower-case names, repeated headers as arrays).
 */
export type HeadersInput =
  | { get(name: string): string | null }
  | Record<string, string | readonly string[] | undefined>;

/** The value of header `name` (any case), repeated values joined with `, `; undefined when absent. */
export function getHeader(headers: HeadersInput, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const lower = name.toLowerCase();
  const key =
    lower in record ? lower : Object.keys(record).find((candidate) => candidate.toLowerCase() === lower);
  const value = key === undefined ? undefined : record[key];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(', ');
}
