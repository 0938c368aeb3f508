/**
 * The lowest Node the mock server runs on, as `engines.node` of its package.json says
 * (`test/runtime/node-version.test.ts` keeps the two equal): `node:sqlite` needs 22.13.
 */
export const MIN_NODE_VERSION = '22.13.0';

/**
 * The one line that says `what` needs a newer Node and how to get one, or `undefined` when
 * `version` (such as `20.20.2`) is recent enough.
 *
 * @example
 * ```ts
 * tooOldNodeMessage('rankquill-mock', '20.20.2');
 * // 'rankquill-mock needs Node.js 22.13.0 or later, and this is Node.js 20.20.2: install ...'
 * ```
 */
export function tooOldNodeMessage(what: string, version: string): string | undefined {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const [minMajor = 0, minMinor = 0, minPatch = 0] = MIN_NODE_VERSION.split('.').map(Number);
  const recent =
    major !== minMajor ? major > minMajor : minor !== minMinor ? minor > minMinor : patch >= minPatch;
  if (recent) return undefined;
  return `${what} needs Node.js ${MIN_NODE_VERSION} or later, and this is Node.js ${version}: install a current Node.js from https://nodejs.org/en/download (or \`nvm install 24\`), then run it again.`;
}

/**
 * Ends the process with the one line of `tooOldNodeMessage` on stderr and exit code 1 when this
 * Node is too old, before a module that needs a newer one is loaded: Node's own error would be a
 * stack trace about a missing built-in module (`node:sqlite`). Every bin and the package's main
 * entry call it first.
 */
export function exitUnlessNodeIsRecent(what: string): void {
  const message = tooOldNodeMessage(what, process.versions.node);
  if (message === undefined) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
