import { defineConfig } from 'tsup';

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
    // Keep `node:` on imports: `node:sqlite` (used by the reference receiver) has no bare name.
    removeNodeProtocol: false,
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
  },
]);
