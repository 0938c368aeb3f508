import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The browser tests are their own project (vitest.browser.config.ts).
    exclude: [...configDefaults.exclude, 'test/dashboard/browser/**'],
  },
});
