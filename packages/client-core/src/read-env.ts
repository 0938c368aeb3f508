/** An environment variable as read: its value, or why the runtime would not let it be read. */
export interface EnvReading {
  /** The value; `undefined` when unset, empty or only blanks, or when reading was refused. */
  value: string | undefined;
  /** The runtime's words when it refused the read (Deno without `--allow-env`). */
  refusal?: string | undefined;
}

/**
 * Reads an environment variable where the runtime has `process.env` (Node, Bun, Deno with
 * its Node compatibility); `undefined` elsewhere, such as in Workers or a browser, and for a
 * value that is empty or only blanks. A read the runtime refuses (Deno's `NotCapable` without
 * `--allow-env`) answers no value and the refusal, never throws.
 */
export function readEnvSetting(name: string): EnvReading {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  let raw: string | undefined;
  try {
    raw = env?.[name];
  } catch (error) {
    return { value: undefined, refusal: error instanceof Error ? error.message : String(error) };
  }
  const value = raw?.trim();
  return { value: value === '' ? undefined : value };
}

/** The value of an environment variable, as {@link readEnvSetting} reads it, or `undefined`. */
export function readEnv(name: string): string | undefined {
  return readEnvSetting(name).value;
}

/**
 * What a "set the environment variable" hint adds when the runtime refused to read it: how to
 * grant the permission. Empty when the read was not refused.
 */
export function envRefusalHint(
  name: string,
  reading: EnvReading,
  alsoNeeded: readonly string[] = [],
): string {
  if (reading.refusal === undefined) return '';
  const names = [name, ...alsoNeeded].join(',');
  return ` The runtime refused to read ${name} (${reading.refusal}): grant it, such as with Deno's \`--allow-env=${names}\`.`;
}
