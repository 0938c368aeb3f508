import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Script, startScriptedServer } from '../../../sdk/tests/support/scripted-server';
import { type RunningServer, startReferenceServer } from './clients';

/** A function that starts a scripted server; every server it started closes after each test. */
export function scriptedServers() {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  return async (script: Script) => {
    const server = await startScriptedServer(script);
    closers.push(server.close);
    return server;
  };
}

/** A reference server started before the file's tests and closed after them. */
export function referenceServer(): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => server?.close());
  return () => {
    if (!server) throw new Error('the reference server has not started');
    return server;
  };
}
