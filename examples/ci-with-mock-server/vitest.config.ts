import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-ci-with-mock-server',
    globalSetup: ['test/global-setup.ts'],
    // Every test file talks to the one server and resets it: run the files one after another.
    fileParallelism: false,
  },
});
