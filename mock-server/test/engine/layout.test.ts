import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const engineDir = fileURLToPath(new URL('../../src/engine/', import.meta.url));
const biome = JSON.parse(readFileSync(new URL('../../../biome.json', import.meta.url), 'utf8')) as {
  overrides: { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }[];
};

describe('engine layout', () => {
  const entries = readdirSync(engineDir, { withFileTypes: true });

  it('keeps only the composition root, its index and the demo data at the root', () => {
    const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    for (const file of files) expect(file).toMatch(/^(engine|index|demo-data(-[a-z-]+)?)\.ts$/);
  });

  it('gives every domain folder its import rules in biome.json', () => {
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const ruled = biome.overrides
      .filter((override) => override.linter?.rules?.style?.noRestrictedImports)
      .flatMap((override) => override.includes);
    expect(folders.sort()).toEqual([
      'accounts',
      'ai-visibility',
      'content',
      'exports',
      'kernel',
      'keywords',
      'projects',
      'public-articles',
      'test-double',
      'webhooks',
    ]);
    for (const folder of folders) expect(ruled, folder).toContain(`mock-server/src/engine/${folder}/**`);
  });
});
