import { defineProject } from 'vitest/config';

// The dashboard in Debian's Chromium: one file at a time (a browser each), Chromium installed first.
export default defineProject({
  test: {
    name: 'mock-server-browser',
    include: ['test/dashboard/browser/**/*.test.ts'],
    globalSetup: ['test/dashboard/browser/install-chromium.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
