/** A redirect that leaves the origin of the request it answered. */
export interface CrossOriginRedirect {
  status: number;
  fromOrigin: string;
  toOrigin: string;
  /** The fetch followed it: the request already reached `toOrigin`. */
  followed: boolean;
}

/**
 * The redirect in `response` when it points at another origin than `requestUrl`'s (scheme, host
 * and port; `http://host` and `http://host:80` are one), else `undefined`. The transport asks
 * fetch not to follow redirects (`redirect: 'manual'`), so a 3xx arrives as it is and its
 * `Location` is read here; a response whose fetch followed one anyway (a custom fetch that
 * ignores `redirect`) shows it in `redirected` and `url`.
 */
export function crossOriginRedirect(requestUrl: string, response: Response): CrossOriginRedirect | undefined {
  const { status } = response;
  const location = status >= 300 && status < 400 ? response.headers.get('location') : null;
  const followed = location === null && response.redirected && response.url !== '';
  const target = location ?? (followed ? response.url : null);
  if (target === null) return undefined;
  const fromOrigin = originOf(requestUrl);
  const toOrigin = originOf(target, requestUrl);
  if (fromOrigin === undefined || toOrigin === undefined || toOrigin === fromOrigin) return undefined;
  return { status, fromOrigin, toOrigin, followed };
}

/** The URL's origin; `undefined` for one without a host (`javascript:`), as for a malformed one. */
function originOf(url: string, base?: string): string | undefined {
  try {
    const { origin } = new URL(url, base);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
