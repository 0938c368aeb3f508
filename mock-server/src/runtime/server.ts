import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoData } from '../engine/demo-data';
import { Engine } from '../engine/engine';
import { type Clock, MANUAL_CLOCK_START, ManualClock } from '../engine/kernel/clock';
import { engineSchema } from '../engine/kernel/schema';
import { FetchWebhookSender, type WebhookSender } from '../engine/webhooks/sender';
import { type AppOptions, createApp } from '../http/app';
import { createMemoryStore } from '../store/memory';
import { openSqliteStore } from '../store/sqlite';
import type { Store } from '../store/store';
import { startDueWorkTimer } from './due-work-timer';
import { SystemClock } from './system-clock';

export interface ServerOptions extends AppOptions {
  port?: number;
  host?: string;
  seed?: string | number;
  /** A SQLite file path, or `:memory:` for the in-memory store. */
  db?: string;
  clock?: 'real' | 'manual';
  /** Reports errors of scheduled work and unexpected request errors. */
  log?: (line: Record<string, unknown>) => void;
  /** Sends webhook deliveries; default `fetch` with a 15 s timeout, aborted when the server closes. */
  webhookSender?: WebhookSender;
  /** Key of the signed export download URLs; default derived from the seed (see `EngineOptions`). */
  exportSigningSecret?: string;
}

export interface RunningServer {
  url: string;
  apiBaseUrl: string;
  contentApiUrl: string;
  demo: DemoData;
  engine: Engine;
  close(): Promise<void>;
}

/** Default SQLite file of `serve`, relative to the working directory. */
export const DEFAULT_DB_PATH = '.rankquill/mock.db';

/**
 * Starts the reference server: opens the store, the engine and the Express app, and listens.
 *
 * @example
 * ```ts
 * const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 1 });
 * console.log(server.apiBaseUrl, server.demo.api_key);
 * await server.close();
 * ```
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? (() => undefined);
  const db = options.db ?? DEFAULT_DB_PATH;
  const store: Store =
    db === ':memory:' ? createMemoryStore(engineSchema) : openSqliteStore(db, engineSchema);
  const clock: Clock = options.clock === 'manual' ? new ManualClock(MANUAL_CLOCK_START) : new SystemClock();
  // Closing aborts attempts in flight; each is recorded as failed and retried after a restart.
  const shutdown = new AbortController();
  let engine: Engine;
  try {
    engine = await Engine.open({
      store,
      clock,
      seed: options.seed ?? 42,
      exportSigningSecret: options.exportSigningSecret,
      webhookSender: options.webhookSender ?? new FetchWebhookSender({ signal: shutdown.signal }),
      onJobError: (error, job) =>
        log({ event: 'job_failed', kind: job.kind, subject: job.subject_id, error: String(error) }),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const app = createApp(engine, {
    ...options,
    onError: (error, request) =>
      log({ event: 'request_failed', method: request.method, path: request.path, error: String(error) }),
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 4010, options.host ?? '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
    listening.once('error', reject);
  });
  const timer =
    clock instanceof ManualClock
      ? undefined
      : startDueWorkTimer(engine, (error) => log({ event: 'job_failed', error: String(error) }));
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  return {
    url,
    apiBaseUrl: `${url}/v1`,
    contentApiUrl: `${url}/public-article-api`,
    demo: engine.demo,
    engine,
    async close() {
      shutdown.abort();
      await timer?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
    },
  };
}
