import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'tooling', testTimeout: 120_000, hookTimeout: 60_000 } });
