import { ARTICLE_HTML_ALLOW_LIST } from '@rankquill/contract/webhooks';

const URL_SCHEMES = new Set<string>(ARTICLE_HTML_ALLOW_LIST.url_schemes);

/**
 * `value` without its `<!--…-->` comments, removed as the service's sanitizer removes them: the
 * first `<!--`, through the first `-->` after it, then again, since removing one can form another
 * (`<!-<!---->--->`). One pass: a kept character is never read again, and a `-->` is searched for
 * only from the `<!--` just formed, so it costs time linear in the length whatever the input.
 *
 * @example
 * ```ts
 * withoutUrlComments('java<!-<!---->--->script:'); // 'javascript:'
 * ```
 */
export function withoutUrlComments(value: string): string {
  if (!value.includes('<!--')) return value;
  const kept: string[] = [];
  let index = 0;
  while (index < value.length) {
    kept.push(value[index] as string);
    index++;
    const length = kept.length;
    if (length < 4 || kept[length - 1] !== '-' || kept[length - 2] !== '-' || kept[length - 3] !== '!')
      continue;
    if (kept[length - 4] !== '<') continue;
    const end = value.indexOf('-->', index);
    if (end === -1) break; // an unterminated comment stays, and so does everything after it
    kept.length = length - 4;
    index = end + 3;
  }
  return kept.join('') + value.slice(index);
}

/**
 * True when a URL attribute may keep `value`: a path-relative URL, or one whose scheme is in the
 * allow-list. Browsers ignore control characters and spaces inside a scheme (`java\tscript:`),
 * so those are removed before the scheme is read, then comments; `//host` and `\\host` are
 * refused. Linear in the length of `value`.
 *
 * @example
 * ```ts
 * isAllowedArticleUrl('java\tscript:alert(1)'); // false
 * isAllowedArticleUrl('/blog/next'); // true
 * ```
 */
export function isAllowedArticleUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what browsers skip
  const cleaned = withoutUrlComments(value.replace(/[\u0000-\u0020]+/g, ''));
  const scheme = /^([a-zA-Z][a-zA-Z0-9.+-]*):/.exec(cleaned)?.[1];
  if (scheme !== undefined) return URL_SCHEMES.has(scheme.toLowerCase());
  return !/^[/\\]{2}/.test(cleaned);
}
