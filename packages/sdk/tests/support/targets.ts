import { startServer } from '@rankquill/mock-server';
import { createHandlers } from '@rankquill/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { type ClientOptions, Rankquill } from '../../src/index';

/** A running Rankquill service the tests talk to: the HTTP server or the MSW handlers. */
export interface Target {
  baseURL: string;
  contentApiURL: string;
  demo: { api_key: string; project_id: string; public_api_key: string };
  /** Moves the service's manual clock; due work (generation) runs before it returns. */
  advance(seconds: number): Promise<void>;
  /** Restores the seeded state. */
  reset(): Promise<void>;
  /** Creates a new account on the service and answers its main API key. */
  createAccount(): Promise<string>;
  close(): Promise<void>;
  /** A client on this target with the demo key and no retry waits unless told otherwise. */
  client(options?: ClientOptions): Rankquill;
}

const SEED = 7;

async function startHttpTarget(): Promise<Omit<Target, 'client'>> {
  const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: SEED });
  const admin = async (path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/__admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`admin ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    baseURL: server.apiBaseUrl,
    contentApiURL: server.contentApiUrl,
    demo: server.demo,
    advance: async (seconds) => void (await admin('/clock/advance', { seconds })),
    reset: async () => void (await admin('/reset')),
    createAccount: async () => (await admin('/accounts', { plan: 'essential' })).api_key,
    close: () => server.close(),
  };
}

async function startMswTarget(): Promise<Omit<Target, 'client'>> {
  const mock = await createHandlers({ seed: SEED });
  const server = setupServer(...mock.handlers);
  // Webhook deliveries go to receivers on loopback; every other request must reach the handlers.
  server.listen({
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = (frame.data as { request?: Request }).request;
      if (request && new URL(request.url).hostname === '127.0.0.1') return;
      defaults.error();
    },
  });
  return {
    baseURL: mock.baseURL,
    contentApiURL: mock.contentApiURL,
    demo: mock.demo,
    advance: (seconds) => mock.advance(seconds),
    reset: () => mock.reset(),
    createAccount: async () => {
      const response = await fetch(`${mock.baseURL.replace(/\/v1$/, '')}/__admin/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'essential' }),
      });
      return (await response.json()).api_key;
    },
    close: async () => server.close(),
  };
}

export const targets = [
  { name: 'HTTP server', start: startHttpTarget },
  { name: 'MSW handlers', start: startMswTarget },
];

/**
 * Runs `body` once per target, each in its own `describe`, with the target started before
 * and reset after every test.
 */
export function describeEachTarget(title: string, body: (target: () => Target) => void): void {
  describe.each(targets)(`${title} against the $name`, ({ start }) => {
    let target: Target | undefined;
    beforeAll(async () => {
      const started = await start();
      target = {
        ...started,
        client: (options = {}) =>
          new Rankquill({ apiKey: started.demo.api_key, baseURL: started.baseURL, ...options }),
      };
    });
    afterEach(async () => target?.reset());
    afterAll(async () => target?.close());
    body(() => {
      if (!target) throw new Error('the target has not started');
      return target;
    });
  });
}
