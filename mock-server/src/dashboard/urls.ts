/**
 * `path` when it is a path of this site, else `fallback`: never another host (`//host`,
 * `/\\host`) nor a scheme, so a link cannot send a signed-in browser elsewhere.
 */
export function localPath(path: string | null | undefined, fallback: string): string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
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
