import { startServer } from '@rankquill/mock-server';
import { createHandlers } from '@rankquill/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe } from 'vitest';

/** A running service: the public article API address and the seeded keys. */
export interface Target {
  contentApiURL: string;
  /** Main API address, for setting up data (rotating the key). */
  baseURL: string;
  demo: { api_key: string; project_id: string; public_api_key: string };
  close(): Promise<void>;
}

const SEED = 7;

export const targets = [
  {
    name: 'HTTP server',
    async start(): Promise<Target> {
      const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: SEED });
      return {
        contentApiURL: server.contentApiUrl,
        baseURL: server.apiBaseUrl,
        demo: server.demo,
        close: () => server.close(),
      };
    },
  },
  {
    name: 'MSW handlers',
    async start(): Promise<Target> {
      const mock = await createHandlers({ seed: SEED });
      const server = setupServer(...mock.handlers);
      server.listen({ onUnhandledFrame: 'error' });
      return {
        contentApiURL: mock.contentApiURL,
        baseURL: mock.baseURL,
        demo: mock.demo,
        close: async () => server.close(),
      };
    },
  },
];

/** Runs `body` once per target, with a fresh service per target. */
export function describeEachTarget(title: string, body: (target: () => Target) => void): void {
  describe.each(targets)(`${title} against the $name`, ({ start }) => {
    let target: Target | undefined;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(async () => target?.close());
    body(() => {
      if (!target) throw new Error('the target has not started');
      return target;
    });
  });
}
