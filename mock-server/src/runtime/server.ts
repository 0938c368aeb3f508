import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { DemoData } from '../engine/demo-data';
import { Engine } from '../engine/engine';
import { type Clock, MANUAL_CLOCK_START, ManualClock } from '../engine/kernel/clock';
import { engineSchema } from '../engine/kernel/schema';
import { EgressPolicy } from '../engine/webhooks/egress';
import type { WebhookSender } from '../engine/webhooks/sender';
import { type AppOptions, createApp } from '../http/app';
import { createMemoryStore } from '../store/memory';
import { openSqliteStore } from '../store/sqlite';
import type { Store } from '../store/store';
import { startDueWorkTimer } from './due-work-timer';
import { NodeWebhookSender, systemResolve } from './node-webhook-sender';
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
  /**
   * Sends webhook deliveries; default a `NodeWebhookSender` (15 s timeout, aborted when the
   * server closes) that applies the egress policy to every address it connects to.
   */
  webhookSender?: WebhookSender;
  /**
   * Where webhooks may go besides public addresses: `private` allows loopback and private ones
   * too. Default `private` while the server listens on loopback (a mock in CI), else `public`.
   * Link-local and metadata addresses, `0.0.0.0/8`, multicast, URLs with credentials and this
   * server itself are refused either way.
   */
  webhookEgress?: WebhookEgressMode;
  /** Resolves webhook host names, for the egress checks; default the system resolver. Tests inject one. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Webhook deliveries in flight at once (default 16). */
  deliveryConcurrency?: number;
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

/** `--webhook-egress`: `public` sends webhooks to public addresses only; `private` to loopback and private ones too. */
export type WebhookEgressMode = 'public' | 'private';

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
  const host = options.host ?? '127.0.0.1';
  let listening: AddressInfo | undefined;
  const egress = new EgressPolicy({
    allowPrivate: (options.webhookEgress ?? (isLoopbackHost(host) ? 'private' : 'public')) === 'private',
    resolve: options.resolve ?? systemResolve,
    ownEndpoints: () => (listening ? [listening] : []),
    localAddresses: () =>
      Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address)),
  });
  const sender = options.webhookSender ?? new NodeWebhookSender({ egress, signal: shutdown.signal });
  let engine: Engine;
  try {
    engine = await Engine.open({
      store,
      clock,
      seed: options.seed ?? 42,
      exportSigningSecret: options.exportSigningSecret,
      webhookSender: sender,
      webhookEgress: egress,
      wallClock: new SystemClock(),
      deliveryConcurrency: options.deliveryConcurrency,
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
    const started = app.listen(options.port ?? 4010, host, (error?: Error) =>
      error ? reject(error) : resolve(started),
    );
    started.once('error', reject);
  });
  listening = server.address() as AddressInfo;
  const reportRunError = (error: unknown) => log({ event: 'job_failed', error: String(error) });
  const background = engine.startBackgroundWork(reportRunError);
  const timer =
    clock instanceof ManualClock ? undefined : startDueWorkTimer(engine, background, reportRunError);
  const { address, port } = listening;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url,
    apiBaseUrl: `${url}/v1`,
    contentApiUrl: `${url}/public-article-api`,
    demo: engine.demo,
    engine,
    async close() {
      shutdown.abort();
      await timer?.stop();
      await background.stop();
      if (sender instanceof NodeWebhookSender) sender.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
    },
  };
}

/** Whether a listening host is loopback: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
