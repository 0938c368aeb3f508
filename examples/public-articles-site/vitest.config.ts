import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'example-public-articles-site', hookTimeout: 30_000 } });
