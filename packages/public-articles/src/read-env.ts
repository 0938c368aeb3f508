/** Reads an environment variable where `process.env` exists; `undefined` elsewhere. */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === '' ? undefined : value;
}
