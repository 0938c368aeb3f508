import { defineConfig } from 'tsup';

/** The notice of ky's MIT license, which the CommonJS build carries a copy of. */
const KY_NOTICE =
  '/*! Includes ky (https://github.com/sindresorhus/ky): MIT License, Copyright (c) Sindre Sorhus <sindresorhus@gmail.com> (https://sindresorhus.com) */';

/**
 * The build of a TypeScript client (`@rankquill/sdk`, `@rankquill/public-articles`): an ES module
 * and a CommonJS build of `src/index.ts`, with their declarations.
 *
 * - client-core is private: its code and its types are bundled in, never imported at run time.
 *   `dts.resolve` inlines its declarations; relative imports are listed too, so that the files
 *   it imports resolve to its sources rather than to the workspace link under node_modules.
 * - ky is an ES module only: the CommonJS build carries its own copy, so that `require()` works on
 *   every Node the package's `engines` names (Node 22.0 to 22.11 cannot require an ES module);
 *   the ES build imports the dependency. tsup's `noExternal` bundles it in both; esbuild's own
 *   `external` keeps it out of the ES build again.
 *
 * @example
 * // packages/sdk/tsup.config.ts
 * export default clientBuild();
 */
export function clientBuild() {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    noExternal: ['@rankquill/client-core', 'ky'],
    esbuildOptions(options, { format }) {
      if (format === 'esm') options.external = [...(options.external ?? []), 'ky'];
    },
    banner: ({ format }) => (format === 'cjs' ? { js: KY_NOTICE } : {}),
    dts: { resolve: [/^@rankquill\/client-core$/, /^\./] },
    clean: true,
    target: 'es2023',
    sourcemap: true,
  });
}
