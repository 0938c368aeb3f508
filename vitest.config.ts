import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'mock-server', 'mock-server/vitest.browser.config.ts', 'examples/*', 'docs'],
  },
});
