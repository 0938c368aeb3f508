import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../support/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the throwaway cluster's `postgres` database, for creating test databases. */
    postgresUrl: string;
  }
}

/** Starts the throwaway PostgreSQL cluster the PostgreSQL suites run on, and stops it after them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
