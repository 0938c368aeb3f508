import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'mock-server',
      'mock-server/vitest.postgres.config.ts',
      'mock-server/vitest.browser.config.ts',
      'examples/*',
      'docs',
      'tooling',
    ],
  },
});
