/** Cookies of a `Cookie` header by name; the first of a repeated name wins. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(equals + 1).trim());
  }
  return cookies;
}

export interface SessionCookie {
  /** `__Host-rq_session` over https (Secure, bound to this host), `rq_session` over plain http. */
  name: string;
  secure: boolean;
}

/** The session cookie's name and flags for a request that came over https or not. */
export function sessionCookie(secure: boolean): SessionCookie {
  return { name: secure ? '__Host-rq_session' : 'rq_session', secure };
}

/**
 * `Set-Cookie` of the session: `HttpOnly` (no script reads it), `SameSite=Strict` (no other
 * site's page sends it), `Path=/`, `Secure` over https; no `Max-Age`, so it ends with the
 * browser session. An empty value with `Max-Age=0` removes it.
 */
export function setSessionCookie(cookie: SessionCookie, value: string): string {
  const parts = [`${cookie.name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (cookie.secure) parts.push('Secure');
  if (value === '') parts.push('Max-Age=0');
  return parts.join('; ');
}
