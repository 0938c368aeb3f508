import { defineConfig } from 'vitest/config';

// The documentation site in Chromium, against docs/dist (built first by test/run.mjs).
export default defineConfig({
  test: {
    name: 'docs-site',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
