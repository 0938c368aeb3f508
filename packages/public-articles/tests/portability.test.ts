import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

describe('portability', () => {
  it('bundles for the browser with no Node built-in', async () => {
    const imported: string[] = [];
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'forbid-node-builtins',
          setup(pluginBuild) {
            pluginBuild.onResolve({ filter: /.*/ }, (args) => {
              if (nodeBuiltins.has(args.path)) imported.push(`${args.path} from ${args.importer}`);
              return undefined;
            });
          },
        },
      ],
    });
    expect(imported).toEqual([]);
  });
});
