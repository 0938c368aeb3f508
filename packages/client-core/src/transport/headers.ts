/** Header values as callers give them: `null` or `undefined` removes a header. */
export type HeaderValues = Record<string, string | null | undefined>;

export function lowerCaseKeys(headers: HeaderValues): HeaderValues {
  const result: HeaderValues = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

export function definedHeaders(headers: HeaderValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') result[name] = value;
  }
  return result;
}
