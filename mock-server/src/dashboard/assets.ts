import { DASHBOARD_CSS } from './styles';

/** A file the pages load, served under a name that carries a hash of its text. */
export interface Asset {
  path: string;
  contentType: string;
  body: string;
}

/**
 * The one script of the dashboard, loaded only by a page that shows work under way on the real
 * clock (an export being made, an article being written): it reloads the page until the server
 * renders it without the script, that is, until the work is done.
 */
const REFRESH_SCRIPT_TEXT = 'setTimeout(function () { location.reload(); }, 2000);\n';

export const STYLESHEET = asset('dashboard', 'css', 'text/css; charset=utf-8', DASHBOARD_CSS);
export const REFRESH_SCRIPT = asset('refresh', 'js', 'text/javascript; charset=utf-8', REFRESH_SCRIPT_TEXT);

/** Every asset by path. Browsers keep them for a year: a changed file gets a new name. */
export const ASSETS: ReadonlyMap<string, Asset> = new Map(
  [STYLESHEET, REFRESH_SCRIPT].map((entry) => [entry.path, entry]),
);

function asset(name: string, extension: string, contentType: string, body: string): Asset {
  return { path: `/assets/${name}-${fnv1a(body)}.${extension}`, contentType, body };
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
