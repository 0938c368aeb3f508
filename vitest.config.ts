import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'mock-server', 'examples/*', 'docs', 'tooling'],
  },
});
