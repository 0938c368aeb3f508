/**
 * Reads an environment variable where the runtime has `process.env` (Node, Bun, Deno with
 * its Node compatibility); `undefined` elsewhere, such as in Workers or a browser, and for a
 * value that is empty or only blanks.
 */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === '' ? undefined : value;
}
