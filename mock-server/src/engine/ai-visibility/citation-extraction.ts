/** A URL found in a text. */
export interface FoundUrl {
  /** The URL as written, without trailing punctuation. */
  url: string;
  /** Index in the text (UTF-16 code units) where it starts. */
  offset: number;
  /** Its host name, as `hostOf` gives it. */
  host: string;
}

/**
 * A URL starts with `http://`, `https://` or `www.` and runs to the next whitespace, quote,
 * angle bracket or backtick. It may not continue a word or a host name (`CONTINUED` before it).
 */
const URL_CANDIDATE = /(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const CONTINUED = /[\p{L}\p{N}_.@/-]/u;
/** Punctuation that ends a sentence or a Markdown emphasis rather than a URL. */
const TRAILING_PUNCTUATION = /[.,;:!?*_~\u2026\u00bb\u203a\u201d\u2019]$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * Every URL in `text`, in order, repeats included: `http://` and `https://` URLs and `www.`
 * addresses without a scheme. Trailing punctuation is not part of a URL (`…/guide.` ends at
 * `guide`), nor is a closing bracket without its opening one inside the URL, so Markdown links
 * `[text](https://…)` and parenthesised URLs come out clean while
 * `https://en.wikipedia.org/wiki/Coffee_(drink)` keeps its brackets. Candidates that do not
 * parse as a URL with a host are dropped.
 *
 * @example
 * ```ts
 * findUrls('See [the guide](https://www.example.com/guide), or www.example.org.');
 * // [{ url: 'https://www.example.com/guide', offset: 16, host: 'www.example.com' },
 * //  { url: 'www.example.org', offset: 51, host: 'www.example.org' }]
 * ```
 */
export function findUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  for (const match of text.matchAll(URL_CANDIDATE)) {
    if (match.index > 0 && CONTINUED.test(text[match.index - 1] ?? '')) continue;
    const url = trimTrailing(match[0]);
    const host = hostOf(url);
    if (host !== undefined) found.push({ url, offset: match.index, host });
  }
  return found;
}

/**
 * The URLs an answer cites: `findUrls` in order of first appearance, each once.
 *
 * @example
 * ```ts
 * citedUrls('https://a.example/x and https://a.example/x again'); // ['https://a.example/x']
 * ```
 */
export function citedUrls(text: string): string[] {
  return [...new Set(findUrls(text).map((found) => found.url))];
}

/**
 * The host name of a URL found by `findUrls`, lower case, without a trailing dot; undefined when
 * it does not parse. A `www.` address is read as `https://www.…`. The host is what the URL
 * parser says it is, so `https://example.com@attacker.example/` belongs to attacker.example.
 *
 * @example
 * ```ts
 * hostOf('https://WWW.Example.com:8443/a'); // 'www.example.com'
 * ```
 */
export function hostOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(/^www\./i.test(url) ? `https://${url}` : url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  return host.includes('.') ? host : undefined;
}

/**
 * The domain a URL is counted under: its host without a leading `www.`.
 *
 * @example
 * ```ts
 * domainOf('https://www.example.com/a'); // 'example.com'
 * ```
 */
export function domainOf(url: string): string | undefined {
  return hostOf(url)?.replace(/^www\./, '');
}

/**
 * True when `url` is on `domain` or one of its subdomains: `https://blog.example.com/x` is on
 * `example.com`; `https://evil-example.com`, `https://example.com.attacker.net` and
 * `https://example.com@attacker.net` are not. A leading `www.` of `domain` is ignored, so a
 * project set up as `www.example.com` also owns `https://example.com/x`.
 *
 * @example
 * ```ts
 * isOnDomain('http://www.northwind-coffee.example/brew', 'northwind-coffee.example'); // true
 * isOnDomain('https://northwind-coffee.example.attacker.com/', 'northwind-coffee.example'); // false
 * ```
 */
export function isOnDomain(url: string, domain: string): boolean {
  const host = hostOf(url);
  return host !== undefined && isHostOnDomain(host, domain);
}

/**
 * `isOnDomain` for a host name already known (lower case, as `hostOf` gives it).
 *
 * @example
 * ```ts
 * isHostOnDomain('blog.example.com', 'www.example.com'); // true
 * ```
 */
export function isHostOnDomain(host: string, domain: string): boolean {
  const site = domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  if (site === '') return false;
  return host === site || host.endsWith(`.${site}`);
}

function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = CLOSERS[last];
    if (TRAILING_PUNCTUATION.test(last)) {
      url = url.slice(0, -1);
    } else if (opener !== undefined && count(url, last) > count(url, opener)) {
      url = url.slice(0, -1);
    } else {
      return url;
    }
  }
}

function count(text: string, character: string): number {
  let n = 0;
  for (const c of text) if (c === character) n++;
  return n;
}
