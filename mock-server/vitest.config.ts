import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The PostgreSQL suites (vitest.postgres.config.ts, with the cluster they need) and the browser
    // tests (vitest.browser.config.ts) are their own projects.
    exclude: [...configDefaults.exclude, 'test/postgres/**', 'test/dashboard/browser/**'],
  },
});
