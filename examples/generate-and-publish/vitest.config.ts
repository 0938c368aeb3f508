import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'example-generate-and-publish', testTimeout: 30_000, hookTimeout: 30_000 },
});
