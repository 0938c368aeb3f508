import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'docs',
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // The site's browser tests need the built site: docs/site/test/run.mjs runs them.
    exclude: [...configDefaults.exclude, 'site/**'],
  },
});
