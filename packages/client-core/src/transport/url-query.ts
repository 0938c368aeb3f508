/**
 * The query of an absolute URL without its `?`: `''` when it has none or is no URL. Not
 * `URL.parse`, which Node 22.0 (the clients' floor) lacks.
 */
export function urlQuery(url: string): string {
  try {
    return new URL(url).search.slice(1);
  } catch {
    return '';
  }
}
