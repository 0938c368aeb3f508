import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { DashboardClient } from './dashboard-client';

/** The test file's server (manual clock, seeded demo account). */
export let server: TestServer;

/**
 * Starts `server` before the calling test file's first test and closes it after its last. Call it
 * once, at the top of the file.
 */
export function useDashboardServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
}

/** The dashboard path of the demo project. */
export const project = () => `/projects/${server.demo.project_id}`;

/** A dashboard client signed in with the demo account's key. */
export async function signedIn(): Promise<DashboardClient> {
  const client = new DashboardClient(server);
  await client.signIn(server.demo.api_key);
  return client;
}
