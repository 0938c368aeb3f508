// Test helper: bundles an entry for the browser with esbuild and reports every Node built-in
// the bundle tried to import, so a test can fail on the first one.
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

export async function bundleForBrowser(entry) {
  const imported = [];
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-node-builtins',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /.*/ }, (args) => {
            if (nodeBuiltins.has(args.path)) imported.push(`${args.path} from ${args.importer}`);
            return undefined;
          });
        },
      },
    ],
  });
  return { imported, code: result.outputFiles[0]?.text ?? '' };
}
