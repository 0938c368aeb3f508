/**
 * Builds a path from a template, encoding every value: `path\`/projects/${id}\`` with
 * `id = 'a/b'` gives `/projects/a%2Fb`, so an id can never reach another route.
 */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  let result = strings[0] ?? '';
  values.forEach((value, index) => {
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`Expected a non-empty id in ${strings.join(':id')}, got ${JSON.stringify(value)}.`);
    }
    result += encodeURIComponent(value) + (strings[index + 1] ?? '');
  });
  return result;
}
