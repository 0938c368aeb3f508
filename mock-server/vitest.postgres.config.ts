import { defineProject } from 'vitest/config';

/**
 * The suites that need PostgreSQL. A global setup starts a throwaway cluster for them (and only
 * when one of them runs), so no test depends on a server it did not start.
 */
export default defineProject({
  test: {
    name: 'mock-server-postgres',
    include: ['test/postgres/**/*.test.ts'],
    globalSetup: ['test/postgres/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
