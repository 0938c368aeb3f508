import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // client-core is private: its code and its types are bundled in, never imported at run time.
  // `dts.resolve` inlines its declarations; relative imports are listed too, so that the files
  // it imports resolve to its sources rather than to the workspace link under node_modules.
  noExternal: ['@rankquill/client-core'],
  dts: { resolve: [/^@rankquill\/client-core$/, /^\./] },
  clean: true,
  target: 'es2023',
  sourcemap: true,
});
