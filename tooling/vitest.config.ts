import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tooling',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The runtime matrix runs on its own (tooling/runtimes/run.mjs), beside the other languages.
    exclude: [...configDefaults.exclude, 'runtimes/**'],
  },
});
