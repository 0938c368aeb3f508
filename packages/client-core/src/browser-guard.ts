/** True in a browser page (a `window` with a `document`), where a secret key would leak to visitors. */
export function runsInBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== 'undefined' && typeof scope.document !== 'undefined';
}

/**
 * Why a client must not start here: in a browser unless `dangerouslyAllowBrowser` is set, since
 * every visitor could read the key. `undefined` where it may run.
 */
export function browserRefusal(
  client: string,
  key: string,
  allowed: boolean | undefined,
): string | undefined {
  if (allowed || !runsInBrowser()) return undefined;
  return `${client} refuses to run in a browser: ${key} must stay on the server, where visitors cannot read it. Call it from server code, or pass dangerouslyAllowBrowser: true only if every visitor may see the key.`;
}
