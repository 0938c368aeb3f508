import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    fetch: 'src/adapters/fetch.ts',
    express: 'src/adapters/express.ts',
    node: 'src/adapters/node-http.ts',
    sqlite: 'src/stores/sqlite.ts',
    'reference-receiver': 'src/reference-receiver.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
  // node:sqlite exists only with its prefix; keep every prefix rather than strip it.
  removeNodeProtocol: false,
});
