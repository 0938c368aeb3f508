import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The runtime matrix, run by tooling/runtimes/run.mjs (scripts/test.mjs starts it beside the
// Python, PHP and Ruby suites); the `tooling` project of the main run leaves these files out.
export default defineConfig({
  test: {
    name: 'runtimes',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // Each file holds one runtime and waits mostly on its processes: two or three at a time.
    maxWorkers: 3,
  },
});
