import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../../scripts/browser-bundle.mjs';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Every module specifier reachable from `entry` through relative imports. */
function importGraph(entry: string): { files: string[]; external: string[] } {
  const files: string[] = [];
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    // Examples in JSDoc import the package by name; only code counts.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'|import\('([^']+)'\)/g,
    )) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (specifier.startsWith('.')) visit(`${resolve(dirname(file), specifier)}.ts`);
      else external.add(specifier);
    }
  };
  visit(join(src, entry));
  return { files, external: [...external].sort() };
}

describe('portable entries', () => {
  it.each(['index.ts', 'adapters/fetch.ts'])('%s reaches no Node built-in module', (entry) => {
    const { files, external } = importGraph(entry);
    expect(files.length).toBeGreaterThan(1);
    expect(
      external.filter((specifier) => nodeBuiltins.has(specifier) || specifier.startsWith('node:')),
    ).toEqual([]);
    expect(external).toEqual(['@rankquill/contract', '@rankquill/contract/webhooks', 'entities/decode']);
  });

  it.each(['index.ts', 'adapters/fetch.ts'])(
    '%s bundles for the browser with its dependencies and no Node built-in',
    async (entry) => {
      const { imported, code } = await bundleForBrowser(join(src, entry));
      expect(imported).toEqual([]);
      expect(code).not.toMatch(/\bBuffer\b/);
    },
  );

  it('the check notices Node imports (sanity check on the Node entries)', () => {
    expect(importGraph('adapters/node-http.ts').external).toContain('node:http');
    expect(importGraph('reference-receiver.ts').external).toContain('node:sqlite');
  });
});
