/** Every value of the cookie `name` in a `Cookie` header, in the order the browser sent them. */
export function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    if (part.slice(0, equals).trim() === name) values.push(part.slice(equals + 1).trim());
  }
  return values;
}

export interface SessionCookie {
  /**
   * `__Host-rq_session` over https (Secure, bound to this host), `rq_session_<port>` over plain
   * http, where a browser sends a host's cookies to every port of it: the dashboard of another
   * port then has a cookie of its own name.
   */
  name: string;
  secure: boolean;
}

/** The session cookie's name and flags for the dashboard at `origin` (`http://127.0.0.1:4010`). */
export function sessionCookie(origin: string, secure = origin.startsWith('https:')): SessionCookie {
  if (secure) return { name: '__Host-rq_session', secure };
  const url = new URL(origin);
  return { name: `rq_session_${url.port || (url.protocol === 'https:' ? '443' : '80')}`, secure };
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
