/**
 * `path` when it is a path of the dashboard at `origin`, else `fallback`. It is read as a browser
 * reads a `Location` (the WHATWG URL parser, which drops tabs and newlines and takes `\\` for
 * `/`), so `/\t/host/x` or `/\\host` cannot send a signed-in browser to another host; what
 * survives is the parsed path, query and fragment of this origin.
 */
export function localPath(path: string | null | undefined, origin: string, fallback: string): string {
  if (!path?.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return fallback;
  }
  const local = `${url.pathname}${url.search}${url.hash}`;
  // `/.//host` parses to the path `//host`, which a browser would again read as another host.
  if (url.origin !== new URL(origin).origin || local.startsWith('//')) return fallback;
  return local;
}

/**
 * An address from outside (a receiver's answer, a generated article) that may go in `href` or
 * `src`: an absolute http(s) URL only. Anything else (`javascript:`, `data:`, a path, which would
 * point into the dashboard rather than the customer's site) answers `undefined` and stays text.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
