/** Where a client was pointed, and where its API lives on a server. */
export interface AddressSettings {
  /** The API's name in messages, such as `Rankquill API`. */
  service: string;
  baseURL: string;
  /** The path the API lives under on its server: `/v1`, `/public-article-api`. */
  apiPath: string;
}

/**
 * The message of an answer that shows `baseURL` is not the API's address: a redirect (not
 * followed: the server's root sends the dashboard's sign-in page), an HTML page, or a 404 from
 * an address whose path is not the API's. It names the address given and the right one;
 * `undefined` for any other answer (a 404 under the API's path is a resource that does not exist,
 * an HTML answer there an export or a proxy's error page).
 */
export function wrongAddressMessage(settings: AddressSettings, response: Response): string | undefined {
  const { service, baseURL, apiPath } = settings;
  const base = new URL(baseURL);
  const offPath = !base.pathname.replace(/\/+$/, '').endsWith(apiPath);
  const html = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');
  // A browser hides a redirect it did not follow: an 'opaqueredirect' answer, status 0.
  const redirect =
    response.redirected ||
    response.type === 'opaqueredirect' ||
    (response.status >= 300 && response.status < 400);
  const wrong = redirect || (offPath && (html || response.status === 404));
  if (!wrong) return undefined;
  const location = response.headers.get('location');
  const target =
    location !== null
      ? ` to ${location}`
      : response.redirected
        ? ` to ${new URL(response.url).pathname}`
        : '';
  const answered = redirect ? `a redirect${target}` : html ? 'an HTML page' : '404 Not Found';
  const fix = offPath
    ? `set baseURL to ${base.origin}${apiPath}`
    : `check the host and port (on the reference server: its ready line's address, ending in ${apiPath})`;
  return `baseURL ${baseURL} answered ${response.status} (${answered}): it is not the address of the ${service}, which lives under ${apiPath}; ${fix}.`;
}
