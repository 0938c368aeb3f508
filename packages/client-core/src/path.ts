import type { ClientErrorClass } from './errors/client-error-class';

/** A request path whose ids are checked and encoded when the call is sent, so a bad id rejects the call. */
export interface PathTemplate {
  readonly strings: readonly string[];
  /** One `{ name: value }` object per id, so that an error can name the id. */
  readonly ids: readonly Readonly<Record<string, string>>[];
}

/**
 * Tags a path template whose ids come as one-key objects, so the name travels with the value:
 * `` path`/projects/${{ projectId }}/content/${{ contentId }}` ``.
 */
export function path(strings: TemplateStringsArray, ...ids: Record<string, string>[]): PathTemplate {
  return { strings, ids };
}

/**
 * Why `value` cannot be the id `name` of `operation`, or `undefined` when it can be. An id is a
 * non-empty string other than `.` and `..`: URL parsers resolve those (even percent-encoded) as
 * "this folder" and "the folder above", so `content.delete(projectId, '..')` would address the
 * project itself.
 */
export function idProblem(operation: string, name: string, value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '' && value !== '.' && value !== '..') return undefined;
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return `${operation}() got ${shown} for ${name}, which is not an id: an id is a string that is not empty, "." or "..".`;
}

/** The path with every id checked and percent-encoded; throws `ClientError` naming the first bad id. */
export function resolvePath(
  template: PathTemplate,
  operation: string,
  ClientError: ClientErrorClass,
): string {
  let result = template.strings[0] ?? '';
  template.ids.forEach((id, index) => {
    // One key per object (`${{ projectId }}`); a for-in reads it without building an entries array.
    for (const name in id) {
      const value = id[name];
      const problem = idProblem(operation, name, value);
      if (problem !== undefined) throw new ClientError(problem);
      result += encodeURIComponent(value as string);
    }
    result += template.strings[index + 1] ?? '';
  });
  return result;
}
