import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { CLOCK_MODE_HEADER } from '@rankquill/contract';
import type { DemoData } from '../engine/demo-data';
import { Engine } from '../engine/engine';
import { type Clock, MANUAL_CLOCK_START, ManualClock } from '../engine/kernel/clock';
import { redactText } from '../engine/test-double/redaction';
import { EgressPolicy } from '../engine/webhooks/egress';
import type { WebhookSender } from '../engine/webhooks/sender';
import type { AppOptions } from '../http/app';
import { createRequestHandler } from '../http/request-handler';
import { TrustedProxies } from '../http/trusted-proxies';
import type { Store } from '../store/store';
import { CryptoSecrets } from './crypto-secrets';
import { startDueWorkTimer } from './due-work-timer';
import { eventLoopPause } from './event-loop-pause';
import { allowedHostProblem, HostAllowList, refuseHost } from './host-allow-list';
import { isLoopbackHost } from './loopback';
import { NodeWebhookSender, systemResolve } from './node-webhook-sender';
import { nodeWebhookSigner } from './node-webhook-signer';
import { openEngineStore } from './open-store';
import { RequestDrain, refuseWhileClosing } from './request-drain';
import { requestListener } from './request-listener';
import { resolveProfile, type ServerProfile, ServerProfileError } from './server-profile';
import { SystemClock } from './system-clock';

export interface ServerOptions extends AppOptions {
  port?: number;
  host?: string;
  seed?: string | number;
  /** A SQLite file path, `:memory:` for the in-memory store, or a `postgres://` URL. */
  db?: string;
  clock?: 'real' | 'manual';
  /** Reports errors of scheduled work and unexpected request errors. */
  log?: (line: Record<string, unknown>) => void;
  /** Also write one `log` line per request: method, path, status, milliseconds, request id. */
  logRequests?: boolean;
  /**
   * Also write one `log` line when the server is listening: the milliseconds since the process
   * started at which each part of the start ended (code loaded, store open, engine open with its
   * demo data, listening).
   */
  logStartup?: boolean;
  /**
   * Sends webhook deliveries; default a `NodeWebhookSender` (15 s timeout, aborted when the
   * server closes) that applies the egress policy to every address it connects to.
   */
  webhookSender?: WebhookSender;
  /**
   * Where webhooks may go besides public addresses: `private` allows loopback and private ones
   * too. Default `private` while the server listens on loopback (a mock in CI), else `public`.
   * Link-local and metadata addresses, `0.0.0.0/8`, multicast, other special-purpose ranges that
   * are not globally reachable (`198.18.0.0/15`, `2001:db8::/32`, …), URLs with credentials and this
   * server itself are refused either way.
   */
  webhookEgress?: WebhookEgressMode;
  /** Resolves webhook host names, for the egress checks; default the system resolver. Tests inject one. */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Host names (`name` or `name:port`) served besides `localhost`, `127.0.0.1`, `[::1]` and the
   * listening address with its port, and the host of `publicUrl`; a request for any other `Host`
   * is a 421. On a non-loopback `host` every name is served until this or `publicUrl` is set.
   * @example { host: '0.0.0.0', allowedHosts: ['rankquill-mock:4010'] }
   */
  allowedHosts?: readonly string[];
  /** Webhook deliveries in flight at once (default 16). */
  deliveryConcurrency?: number;
  /** Key of the signed export download URLs; default derived from the seed (see `EngineOptions`). */
  exportSigningSecret?: string;
  /**
   * `mock` (default): the deterministic mock. `production`: a deployable service; it refuses the
   * manual clock, needs `exportSigningSecret` and `publicUrl`, seeds no demo data, and serves
   * admin routes only with an `adminToken` of at least 32 characters.
   * @example { profile: 'production', publicUrl: 'https://api.example.com', exportSigningSecret: process.env.SIGNING_SECRET }
   */
  profile?: ServerProfile;
  /**
   * Address clients reach the server at, such as `https://api.example.com` (what comes before
   * `/v1`); links the server hands out are built from it instead of the request's `Host`.
   */
  publicUrl?: string;
  /** How long a claim on a due job holds before another server may run it (see `EngineOptions`). */
  jobLeaseMs?: number;
  /** How long `close` (SIGTERM on `serve`) waits for requests in flight, in milliseconds (default 10 s). */
  drainMs?: number;
  /**
   * Requests the journal (`GET /__admin/requests`) keeps in this process: default 10,000, 0 turns
   * it off. Only a mock-profile server with admin routes keeps one, since only it can be read.
   * @example { journalSize: 0 } // as `serve --journal-size 0`
   */
  journalSize?: number;
}

export interface RunningServer {
  url: string;
  apiBaseUrl: string;
  contentApiUrl: string;
  /** The seeded demo account and project; throws on a server without demo data (`production`). */
  readonly demo: DemoData;
  engine: Engine;
  /**
   * Stops the server: no new connection, background work stopped (webhook attempts in flight
   * aborted and retried later), requests in flight answered (for up to `drainMs`), then the store
   * closed.
   */
  close(): Promise<void>;
}

/** `--webhook-egress`: `public` sends webhooks to public addresses only; `private` to loopback and private ones too. */
export type WebhookEgressMode = 'public' | 'private';

/** How long `close` waits for requests in flight before it cuts their connections. */
export const DEFAULT_DRAIN_MS = 10_000;

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
  const settings = resolveProfile(options);
  for (const entry of options.allowedHosts ?? []) {
    const problem = allowedHostProblem(entry);
    if (problem) throw new ServerProfileError(problem);
  }
  const proxies = TrustedProxies.parse(options.trustProxy);
  const db = options.db ?? DEFAULT_DB_PATH;
  const startup: Record<string, number> = { code_loaded_ms: performance.now() };
  const store: Store = await openEngineStore(db, (error) =>
    log({ event: 'database_error', error: error.message }),
  );
  const clock: Clock = options.clock === 'manual' ? new ManualClock(MANUAL_CLOCK_START) : new SystemClock();
  // Closing aborts attempts in flight; each is recorded as failed and retried after a restart.
  const shutdown = new AbortController();
  const host = options.host ?? '127.0.0.1';
  let listening: AddressInfo | undefined;
  const egress = new EgressPolicy({
    allowPrivate: (settings.webhookEgress ?? (isLoopbackHost(host) ? 'private' : 'public')) === 'private',
    resolve: options.resolve ?? systemResolve,
    ownEndpoints: () => (listening ? [listening] : []),
    localAddresses: () =>
      Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address)),
  });
  const sender = options.webhookSender ?? new NodeWebhookSender({ egress, signal: shutdown.signal });
  let engine: Engine;
  try {
    startup.store_open_ms = performance.now();
    engine = await Engine.open({
      store,
      clock,
      seed: options.seed ?? 42,
      demo: settings.demo,
      secrets: settings.profile === 'production' ? new CryptoSecrets() : undefined,
      pause: eventLoopPause(),
      exportSigningSecret: options.exportSigningSecret,
      webhookSender: sender,
      webhookSigner: nodeWebhookSigner,
      webhookEgress: egress,
      wallClock: new SystemClock(),
      deliveryConcurrency: options.deliveryConcurrency,
      jobLeaseMs: options.jobLeaseMs,
      journalSize: settings.admin && settings.mockRoutes ? options.journalSize : 0,
      onJobError: (error, job) =>
        log({ event: 'job_failed', kind: job.kind, subject: job.subject_id, error: String(error) }),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  startup.engine_open_ms = performance.now();
  const handler = createRequestHandler(engine, {
    ...options,
    admin: settings.admin,
    mockRoutes: settings.mockRoutes,
    publicUrl: settings.publicUrl,
    // A request a delay fault holds ends its wait when the server shuts down.
    signal: shutdown.signal,
    failedAuthLimit: settings.failedAuthLimit,
    onError: (error, request) =>
      log({
        event: 'request_failed',
        method: request.method,
        path: redactText(request.path),
        error: String(error),
      }),
  });
  const clockHeaders: Record<string, string> =
    clock instanceof ManualClock ? { [CLOCK_MODE_HEADER]: 'manual' } : {};
  let closing = false;
  const drain = new RequestDrain();
  const listener = requestListener(
    (req, res) => {
      // Once stopping, a request not yet begun is refused: everything accepted before still runs.
      if (closing) return refuseWhileClosing(req, res, engine.nextRequestId(), clockHeaders);
      drain.track(res, handler(req, res), (error) => {
        const path = redactText((req.url ?? '').split('?', 1)[0] ?? '');
        log({ event: 'request_failed', method: req.method, path, error: String(error) });
        res.destroy();
      });
    },
    options.logRequests ? log : undefined,
  );
  let hosts: HostAllowList | undefined;
  const server: Server = createServer((req, res) => {
    // The adapter's check, not the engine's: the in-process MSW handlers have no Host to check.
    // A trusted proxy's X-Forwarded-Host names the host too, and must be served as well.
    const forwardedHost = proxies.enabled
      ? proxies.read(req.socket.remoteAddress, req.headers).host
      : undefined;
    if (hosts && !hosts.allows(req.headers.host)) return refuseHost(req, res, engine.nextRequestId());
    if (hosts && forwardedHost !== undefined && !hosts.allows(forwardedHost)) {
      return refuseHost(req, res, engine.nextRequestId(), forwardedHost);
    }
    listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  listening = server.address() as AddressInfo;
  if (options.logStartup) {
    log({ event: 'startup', ...startup, listening_ms: performance.now() });
  }
  hosts = new HostAllowList({ listening, publicUrl: settings.publicUrl, allowedHosts: options.allowedHosts });
  const reportRunError = (error: unknown) => log({ event: 'job_failed', error: String(error) });
  const background = engine.startBackgroundWork(reportRunError);
  const timer =
    clock instanceof ManualClock ? undefined : startDueWorkTimer(engine, background, reportRunError);
  // Express reads bodies: loaded once the server is ready, before the first request that has one.
  const preloading = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => handler.preload())
    .catch(() => undefined);
  let closed: Promise<void> | undefined;
  const { address, port } = listening;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url,
    apiBaseUrl: `${url}/v1`,
    contentApiUrl: `${url}/public-article-api`,
    get demo() {
      return engine.demo;
    },
    engine,
    async close() {
      closed ??= stop();
      return closed;
    },
  };

  /**
   * Stops taking connections at once (idle kept-alive ones close), refuses requests that arrive
   * after this on open connections (503, `Connection: close`), stops the background work, lets
   * every request accepted before finish (their connections are cut after `drainMs`, their work
   * still ends), and only then closes the store.
   */
  async function stop(): Promise<void> {
    closing = true;
    // Requests at work end their connections with their answers, so that no connection idles.
    const closeIdle = () => setImmediate(() => server.closeIdleConnections());
    for (const res of drain.responses()) {
      if (!res.headersSent) res.setHeader('connection', 'close');
      else res.once('close', closeIdle);
    }
    const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
    const disconnected = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    shutdown.abort();
    await timer?.stop();
    await background.stop();
    if (sender instanceof NodeWebhookSender) sender.close();
    await disconnected;
    clearTimeout(cut);
    // A request whose client left is still at work: the store outlives it (within a bound, so
    // that a stop always ends).
    if (!(await drain.settled(drainMs))) {
      log({ event: 'shutdown_cut', requests_still_running: drain.size });
    }
    await preloading;
    await store.close();
  }
}

export { isLoopbackHost } from './loopback';
