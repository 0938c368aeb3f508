import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const engine = (file: string) => fileURLToPath(new URL(`../../src/engine/${file}`, import.meta.url));
const ENTRIES = ['content/template-article-generator.ts', 'content/article-html.ts'].map(engine);
const SOURCES = [
  'content/template-article-generator.ts',
  'content/article-phrases.ts',
  'content/article-vocabulary.ts',
  'content/article-sentences.ts',
  'content/article-titles.ts',
  'content/article-lists.ts',
  'content/article-html.ts',
].map(engine);

/** What the engine needs to run in a browser, a worker or MSW: no Node built-in may be left over. */
const BROWSER: BuildOptions = {
  bundle: true,
  platform: 'browser',
  format: 'esm',
  write: false,
  outdir: 'out',
  metafile: true,
  logLevel: 'silent',
};

describe('engine portability', () => {
  it('bundles the article generator and HTML utilities for the browser', async () => {
    const result = await build({ ...BROWSER, entryPoints: ENTRIES });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles?.map((file) => file.path.split('/').pop()).sort()).toEqual([
      'article-html.js',
      'template-article-generator.js',
    ]);
    const inputs = result.metafile?.inputs ?? {};
    // Our own files import only each other, the contract (its HTML allow-list) and the receivers'
    // sanitizer, so the service stores what every receiver writes.
    for (const [path, input] of Object.entries(inputs)) {
      if (!path.includes('src/engine/')) continue;
      for (const { original } of input.imports) {
        expect(original ?? '', `import in ${path}`).toMatch(
          /^(\.\/[\w-]+|@rankquill\/webhooks|@rankquill\/contract)$/,
        );
      }
    }
    // Node built-ins may only appear where a dependency's package.json "browser" field maps them
    // away (postcss maps path, url and fs to empty modules); never as a live import.
    const disabled = Object.keys(inputs).filter((path) => path.startsWith('(disabled):'));
    for (const path of disabled) expect(path).toMatch(/^\(disabled\):(path|url|fs|.*node_modules\/.*)$/);
    for (const path of Object.keys(inputs)) expect(path).not.toMatch(/^node:|^(fs|path|url|crypto|buffer)$/);
  });

  it('bundles the whole engine for the browser, with no Node built-in and no wall clock', async () => {
    const result = await build({ ...BROWSER, entryPoints: [engine('index.ts')] });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs.some((path) => path.endsWith('src/engine/engine.ts'))).toBe(true);
    for (const path of inputs) expect(path).not.toMatch(/^node:|^(fs|path|url|crypto|buffer|http|net)$/);
    for (const path of inputs.filter((input) => input.includes('src/engine/'))) {
      const code = readFileSync(path, 'utf8');
      expect(code, path).not.toMatch(
        /\b(Math\.random\(|Date\.now\(|new Date\(\)|randomUUID\(|performance\.now\()/,
      );
      expect(code, path).not.toMatch(/\b(process\.|Buffer\.|require\(|__dirname|__filename)/);
    }
  });

  it('would fail the build if one of these files imported a Node built-in', async () => {
    for (const specifier of ['node:fs', 'fs', 'node:crypto']) {
      const attempt = build({
        ...BROWSER,
        stdin: {
          contents: `import * as builtin from '${specifier}';\nexport * from './template-article-generator';\nexport { builtin };`,
          resolveDir: engine('content'),
          loader: 'ts',
        },
      });
      await expect(attempt, specifier).rejects.toThrow(/Could not resolve/);
    }
  });

  it('uses no Node-only global, wall clock or unseeded randomness', () => {
    for (const file of SOURCES) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/\b(Math\.random|Date\.now|new Date|performance\.now|crypto\.)/);
      expect(code, file).not.toMatch(
        /\b(process\.|Buffer\.|require\(|__dirname|__filename|global\.|globalThis\.)/,
      );
      expect(code, file).not.toMatch(/from ['"](node:|fs|path|url|crypto|buffer)/);
    }
  });
});
