import { SHOWN_SECRET_CHARACTERS } from '@rankquill/contract';

/**
 * Keys and secrets written anywhere in a text: main API keys (`rq_test_`) and public article API
 * keys (`rqp_`) with the letters and digits that follow, signing secrets (`whsec_`) with their
 * base64.
 */
const SECRET_IN_TEXT = /(?:rq_test_|rqp_)[A-Za-z0-9]+|whsec_[A-Za-z0-9+/=]+/g;

/** Fields whose value is a secret whatever it looks like, such as a webhook's `secret`. */
const SECRET_FIELDS = new Set([
  'secret',
  'api_key',
  'public_api_key',
  'signing_secret',
  'previous_signing_secret',
  'x-service-key',
  'authorization',
  'admin_token',
  'token',
  'password',
]);

/** Longest string kept whole in a body over `LARGE_BODY_CHARACTERS`. */
export const KEPT_STRING_CHARACTERS = 1000;

/** A body longer than this (in characters) has its long strings cut in the journal. */
export const LARGE_BODY_CHARACTERS = 64 * 1024;

/**
 * A secret as it may be shown: its first 8 characters (at most half of a short one) and `…`.
 *
 * @example
 * ```ts
 * shownSecret('rq_test_8f2kq0c1x9mz4b7d'); // 'rq_test_…'
 * shownSecret('hunter2'); // 'hun…'
 * ```
 */
export function shownSecret(secret: string): string {
  return `${secret.slice(0, Math.min(SHOWN_SECRET_CHARACTERS, Math.floor(secret.length / 2)))}…`;
}

/**
 * `text` with every key and signing secret in it cut to what may be shown. Returns the same
 * string, without copying, when it holds none: the common case costs one scan.
 *
 * @example
 * ```ts
 * redactText('/v1/projects/rq_test_8f2kq0c1x9mz4b7d'); // '/v1/projects/rq_test_…'
 * ```
 */
export function redactText(text: string): string {
  // Every prefix starts with `rq` or `whsec`: two scans of a short text, and nothing more when
  // neither is there (the common case).
  return text.includes('rq') || text.includes('whsec') ? text.replace(SECRET_IN_TEXT, shownSecret) : text;
}

/** A field or parameter named like a secret: `secret`, `api_key`, … in any case. */
function secretName(name: string): boolean {
  return SECRET_FIELDS.has(name) || (/[A-Z]/.test(name) && SECRET_FIELDS.has(name.toLowerCase()));
}

/**
 * Query parameters as the journal keeps them: one value each (the first of a repeated one), a
 * secret-named parameter shown as its first characters, keys in other values cut. Returns the
 * adapter's object itself when nothing needs changing, so a plain request copies nothing.
 *
 * @example
 * ```ts
 * redactQuery({ api_key: 'rq_live_0123456789abcdef', limit: ['10', '20'] }); // { api_key: 'rq_live_…', limit: '10' }
 * ```
 */
export function redactQuery(query: Record<string, string | string[]>): Record<string, string> {
  let copy: Record<string, string> | undefined;
  for (const name in query) {
    const given = query[name] as string | string[];
    const value = typeof given === 'string' ? given : (given[0] ?? '');
    const shown = secretName(name) ? shownSecret(value) : redactText(value);
    if (shown !== given) {
      copy ??= { ...(query as Record<string, string>) };
      setOwn(copy, name, shown);
    }
  }
  return copy ?? (query as Record<string, string>);
}

/**
 * A parsed JSON body as the journal keeps it: secret-named fields and keys in strings cut to
 * what may be shown, and, with `cutLongStrings`, strings past 1000 characters cut (a body over
 * 64 KiB). Objects and arrays are copied only where something changes.
 *
 * @example
 * ```ts
 * redactJson({ webhook: { url: 'https://a.example/hook', secret: 'hunter2-long-secret' } }, false);
 * // { webhook: { url: 'https://a.example/hook', secret: 'hunter2-…' } }
 * ```
 */
export function redactJson(value: unknown, cutLongStrings: boolean, field?: string): unknown {
  if (typeof value === 'string') {
    if (field !== undefined && secretName(field)) return shownSecret(value);
    const redacted = redactText(value);
    return cutLongStrings && redacted.length > KEPT_STRING_CHARACTERS
      ? `${redacted.slice(0, KEPT_STRING_CHARACTERS)}…`
      : redacted;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const redacted = redactJson(item, cutLongStrings, field);
      if (redacted !== item) {
        copy ??= [...value];
        copy[index] = redacted;
      }
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [name, item] of Object.entries(value)) {
      const redacted = redactJson(item, cutLongStrings, name);
      if (redacted !== item) {
        copy ??= { ...(value as Record<string, unknown>) };
        setOwn(copy, name, redacted);
      }
    }
    return copy ?? value;
  }
  return value;
}

/** Sets an own property, even one named `__proto__` (which an assignment would take for the prototype). */
function setOwn(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
