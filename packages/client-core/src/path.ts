import type { ClientErrorClass } from './errors/client-error-class';

/**
 * Why `value` cannot be the id `name` of `caller`, or `undefined` when it can be. An id is a
 * non-empty string other than `.` and `..`: URL parsers resolve those (even percent-encoded) as
 * "this folder" and "the folder above", so `content.delete(projectId, '..')` would address the
 * project itself.
 */
export function idProblem(caller: string, name: string, value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '' && value !== '.' && value !== '..') return undefined;
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return `${caller}() got ${shown} for ${name}, which is not an id: an id is a string that is not empty, "." or "..".`;
}

// encodeURIComponent leaves these sub-delimiters alone; RFC 3986 keeps only A-Z a-z 0-9 - . _ ~.
const SUB_DELIMITERS_LEFT = /[!'()*]/g;
// A lone surrogate has no UTF-8 form; it is sent as U+FFFD, as TextEncoder would.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `value` as one path segment: its UTF-8 bytes, each but `A-Z a-z 0-9 - . _ ~` as `%XX`.
 *
 * @example
 * ```ts
 * encodePathSegment("a b/it's"); // 'a%20b%2Fit%27s'
 * ```
 */
export function encodePathSegment(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(
    SUB_DELIMITERS_LEFT,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `template` (`/projects/{projectId}/content/{contentId}`) with each `{name}` replaced by the
 * matching id of `ids` (in `names` order), checked and encoded; throws `ClientError` naming the
 * first bad id and the method `caller` that got it.
 */
export function resolvePath(
  template: string,
  names: readonly string[],
  ids: readonly unknown[],
  caller: string,
  ClientError: ClientErrorClass,
): string {
  let result = template;
  names.forEach((name, index) => {
    const value = ids[index];
    const problem = idProblem(caller, name, value);
    if (problem !== undefined) throw new ClientError(problem);
    result = result.replace(`{${name}}`, encodePathSegment(value as string));
  });
  return result;
}
