import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const require = createRequire(import.meta.url);

/**
 * Has the CLI bundle take Node's builtins with `process.getBuiltinModule` instead of `import`:
 * an `import` builds the module's ESM facade, which reads every export, and reading `node:http`'s
 * loads undici (a third of a start's time went there). The module put in its place exports the
 * data properties, and of the getters only those named here, so no lazy getter that loads more
 * (or warns of a deprecation) runs; an import of another name fails the build.
 */
const GETTERS_EXPORTED = new Set(['AsyncLocalStorage', 'BlockList']);

const builtinsWithoutFacade: Plugin = {
  name: 'builtins-without-esm-facade',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: 'node-builtin' }));
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => {
      if (!isBuiltin(args.path)) return { errors: [{ text: `${args.path} is not a Node builtin` }] };
      const exported = require(args.path) as object;
      const names = Object.entries(Object.getOwnPropertyDescriptors(exported))
        .filter(([key, descriptor]) => 'value' in descriptor || GETTERS_EXPORTED.has(key))
        .filter(([key]) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default')
        .map(([key]) => key);
      return {
        contents: [
          `const m = process.getBuiltinModule(${JSON.stringify(args.path)});`,
          'export default m;',
          ...names.map((key) => `export const ${key} = m.${key};`),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/**
 * Bundles zod's English messages only, the ones the server answers in: zod exports every
 * locale from one module, 370 KB of the CLI's largest chunk, read at every start.
 * `z.locales` keeps `en`; the other locales are not in the bundle.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-english' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts', engine: 'src/engine/index.ts', msw: 'src/msw/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'node22',
    sourcemap: true,
  },
  {
    // The bin (dist/cli.js, which the other languages' test helpers run too): a check of the
    // Node version, then an import of the CLI at run time.
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    target: 'node18',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    // The CLI is bundled into one file so the server reaches its ready line fast.
    entry: { 'cli-main': 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node22',
    platform: 'node',
    noExternal: [/.*/],
    // Builtins keep their `node:` (`node:sqlite` has no bare name) for the plugin to take them.
    removeNodeProtocol: false,
    esbuildPlugins: [builtinsWithoutFacade, zodEnglishOnly],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
  },
]);
