/** True in a browser page (a `window` with a `document`), where a secret key would leak to visitors. */
export function runsInBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== 'undefined' && typeof scope.document !== 'undefined';
}
