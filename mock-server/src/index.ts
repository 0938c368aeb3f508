/**
 * The reference server: `startServer`, `startMockServer` for test suites, the Express app, the
 * engine and its stores.
 *
 * @module @rankquill/mock-server
 */
// First: on a Node too old for the server, one line says which to install (see the guard).
import './runtime/node-version-guard';

export type { ApiRequest, ApiResponse, BodyError } from './api/api-types';
export { type ApiOptions, createApiHandler } from './api/router';
export * from './engine/index';
export { type AppOptions, createApp } from './http/app';
export type { TrustProxyOption } from './http/trusted-proxies';
export {
  NodeWebhookSender,
  type NodeWebhookSenderOptions,
  systemResolve,
} from './runtime/node-webhook-sender';
export { nodeWebhookSigner } from './runtime/node-webhook-signer';
export {
  DEFAULT_DB_PATH,
  isLoopbackHost,
  type RunningServer,
  type ServerOptions,
  startServer,
  type WebhookEgressMode,
} from './runtime/server';
export type { ServerProfile } from './runtime/server-profile';
export { SystemClock } from './runtime/system-clock';
export { createMemoryStore } from './store/memory';
export { openPostgresStore, type PostgresStoreOptions } from './store/postgres';
export { openSqliteStore } from './store/sqlite';
export { MockServerCallError } from './testing/server-call';
export { type MockServer, type MockServerOptions, startMockServer } from './testing/start-mock-server';
export type { FaultTimes, ScopedFault, TestDoubleVerbs } from './testing/test-double-verbs';
