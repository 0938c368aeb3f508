import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'client-core', testTimeout: 20_000, hookTimeout: 30_000 } });
