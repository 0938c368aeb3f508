import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'example-dashboard-rankings', hookTimeout: 30_000 } });
