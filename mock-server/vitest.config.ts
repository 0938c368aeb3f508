import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The PostgreSQL suites are their own project (vitest.postgres.config.ts), with the cluster they need.
    exclude: [...configDefaults.exclude, 'test/postgres/**'],
  },
});
