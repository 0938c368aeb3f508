import { readFileSync } from 'node:fs';

interface Part {
  text?: string;
  repeat?: string;
}

const recipes = JSON.parse(
  readFileSync(new URL('../../../contract/vectors/sanitize-pathological.json', import.meta.url), 'utf8'),
) as { max_characters: number; max_seconds: number; patterns: Array<{ name: string; parts: Part[] }> };

/** The most CPU time a sanitizer may spend on one input, in seconds. */
export const MAX_SECONDS = recipes.max_seconds;

/**
 * A recipe of sanitize-pathological.json made into its input: the `text` parts as they are, each
 * `repeat` part repeated as often as fits in an equal share of the characters they leave.
 */
export function expandRecipe(parts: readonly Part[], maxCharacters = recipes.max_characters): string {
  const fixed = parts.reduce((sum, part) => sum + (part.text?.length ?? 0), 0);
  const share = Math.floor(
    (maxCharacters - fixed) / parts.filter((part) => part.repeat !== undefined).length,
  );
  return parts
    .map(
      (part) =>
        part.text ?? (part.repeat as string).repeat(Math.floor(share / (part.repeat as string).length)),
    )
    .join('');
}

/** Every pathological input at the content limit, by name. */
export const pathologicalInputs = recipes.patterns.map((pattern) => ({
  name: pattern.name,
  html: expandRecipe(pattern.parts),
}));

/**
 * CPU seconds `work` takes: what it costs, whatever else shares the machine (wall time on a
 * loaded CI runner says more about the neighbours than about the code).
 */
export function cpuSeconds(work: () => unknown): number {
  const started = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1e6;
}
