import type { ApiRequest } from '../api/api-types';
import { secretsEqual } from '../api/constant-time';

/**
 * Why a form post is refused, or `undefined` when it came from a page of this dashboard.
 * Browsers say where a request comes from: `Sec-Fetch-Site` must be `same-origin` (a form of
 * another port of this host is `same-site`, and SameSite cookies do not stop it), and `Origin`
 * must be this server's. A client that sends neither (curl) is not a browser another site can
 * steer; the session's form token still has to match.
 */
export function crossSiteReason(request: ApiRequest): string | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `the form was sent from another site (Sec-Fetch-Site: ${site})`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && (request.baseUrl === undefined || origin !== request.baseUrl)) {
    return 'the form was sent from a page of another origin';
  }
  return undefined;
}

/** Whether the form carries the session's token, compared in constant time. */
export async function formTokenMatches(given: string | null, expected: string): Promise<boolean> {
  if (!given) return false;
  return secretsEqual(given, expected);
}
