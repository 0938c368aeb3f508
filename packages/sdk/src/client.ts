import { CLIENT_POLICY, readClientOptions, Transport } from '@rankquill/client-core';
import { SERVICE } from './core/errors/connection-errors';
import * as Errors from './core/errors/index';
import type { Logger } from './core/logger';
import { errorFromResponse } from './internal/error-from-response';
import { Activity } from './resources/activity';
import { AiVisibility } from './resources/ai-visibility';
import { Content } from './resources/content';
import { Deliveries } from './resources/deliveries';
import { Exports } from './resources/exports';
import { Keywords } from './resources/keywords';
import { Projects } from './resources/projects';
import { Webhooks } from './resources/webhooks';

/** Options of `new Rankquill()`. */
export interface ClientOptions {
  /**
   * Main API key, sent as `Authorization: Bearer <apiKey>`. Keep it on the server.
   * Defaults to the `RANKQUILL_API_KEY` environment variable.
   * @example
   * ```ts
   * new Rankquill({ apiKey: 'rq_live_…' });
   * ```
   */
  apiKey?: string | undefined;
  /**
   * Address of the main API, ending in `/v1`, such as `http://127.0.0.1:4010/v1` for a local
   * `rankquill-mock serve`. Defaults to the `RANKQUILL_BASE_URL` environment variable.
   * @example
   * ```ts
   * new Rankquill({ baseURL: 'http://127.0.0.1:4010/v1' });
   * ```
   */
  baseURL?: string | undefined;
  /**
   * Milliseconds to wait for each attempt's answer before retrying or failing with
   * `APIConnectionTimeoutError`. Default 60 000.
   * @example
   * ```ts
   * new Rankquill({ timeout: 20_000 });
   * ```
   */
  timeout?: number | undefined;
  /**
   * Retries of a failed attempt: connection errors, timeouts, 408, 429 and 5xx, with jittered
   * exponential backoff that honours `Retry-After`. Default 2; 0 turns retries off.
   * @example
   * ```ts
   * new Rankquill({ maxRetries: 5 });
   * ```
   */
  maxRetries?: number | undefined;
  /**
   * A Fetch API implementation to send requests with, such as one that adds tracing.
   * Defaults to the runtime's global `fetch`, read at each request. It is called like the global
   * one: `input` is a URL string or a `Request`, so pass both arguments on. It must honour
   * `redirect: 'manual'`, as every standard fetch does: the client follows no redirect, and one to
   * another origin is a `CrossOriginRedirectError`, so no key or body reaches that origin.
   * @example
   * ```ts
   * new Rankquill({ fetch: (input, init) => tracedFetch(input, init) });
   * ```
   */
  fetch?: typeof fetch | undefined;
  /**
   * Receives retries (`info`) and failures (`warn`). Default: nothing is logged.
   * @example
   * ```ts
   * new Rankquill({ logger: console });
   * ```
   */
  logger?: Logger | undefined;
  /**
   * Headers sent with every request; a `null` value removes a header the SDK would send.
   * @example
   * ```ts
   * new Rankquill({ defaultHeaders: { 'X-Team': 'growth' } });
   * ```
   */
  defaultHeaders?: Record<string, string | null | undefined> | undefined;
  /**
   * Allow running in a browser page. The client refuses by default: the main API key acts for
   * your whole account, and every visitor of the page could read it. Set this only where every
   * visitor may hold the key, such as a local tool or a test page.
   * @example
   * ```ts
   * new Rankquill({ apiKey, baseURL: 'http://127.0.0.1:4010/v1', dangerouslyAllowBrowser: true });
   * ```
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/**
 * Client of the Rankquill main API: projects and content, with retries, idempotent POSTs,
 * pagination and typed errors. Runs on Node >= 22, Bun, Deno and Workers.
 *
 * @example
 * ```ts
 * import Rankquill from '@rankquill/sdk';
 *
 * const client = new Rankquill(); // reads RANKQUILL_API_KEY and RANKQUILL_BASE_URL
 * const article = await client.content.createAndWait('proj_123', { keyword: 'cold brew ratio' });
 * await client.content.publish('proj_123', article.id);
 * ```
 */
export class Rankquill {
  /** Projects: create, retrieve, update, list, delete, rotatePublicApiKey. */
  readonly projects: Projects;
  /** Content: create, createAndWait, retrieve, update, list, delete, publish, unpublish. */
  readonly content: Content;
  /** A project's tracked keywords: create, list, opportunities, performance. */
  readonly keywords: Keywords;
  /** A project's AI visibility: retrieve (the score), topics, prompts, responses. */
  readonly aiVisibility: AiVisibility;
  /** A project's webhook: test, rotateSigningSecret. */
  readonly webhooks: Webhooks;
  /** A project's webhook deliveries with their attempts: list, retrieve one, redeliver. */
  readonly deliveries: Deliveries;
  /** A project's activity feed: list. */
  readonly activity: Activity;
  /** Bulk exports (JSON, ZIP of CSVs, PDF report): create, retrieve, createAndWait, download. */
  readonly exports: Exports;
  /** The main API address requests go to. */
  readonly baseURL: string;
  readonly timeout: number;
  readonly maxRetries: number;

  static readonly RankquillError = Errors.RankquillError;
  static readonly APIError = Errors.APIError;
  static readonly BadRequestError = Errors.BadRequestError;
  static readonly AuthenticationError = Errors.AuthenticationError;
  static readonly NotFoundError = Errors.NotFoundError;
  static readonly ConflictError = Errors.ConflictError;
  static readonly RateLimitError = Errors.RateLimitError;
  static readonly InternalServerError = Errors.InternalServerError;
  static readonly APIConnectionError = Errors.APIConnectionError;
  static readonly APIConnectionTimeoutError = Errors.APIConnectionTimeoutError;
  static readonly APIUserAbortError = Errors.APIUserAbortError;
  static readonly CrossOriginRedirectError = Errors.CrossOriginRedirectError;

  constructor(options: ClientOptions = {}) {
    const settings = readClientOptions(options, {
      name: 'Rankquill',
      key: 'the main API key',
      keyEnv: 'RANKQUILL_API_KEY',
      urlEnv: 'RANKQUILL_BASE_URL',
      exampleURL: `http://127.0.0.1:4010${CLIENT_POLICY.basePaths.api}`,
      defaultTimeout: CLIENT_POLICY.timeoutMs.main,
      defaultMaxRetries: CLIENT_POLICY.maxRetries,
      Error: Errors.RankquillError,
    });
    this.baseURL = settings.baseURL;
    this.timeout = settings.timeout;
    this.maxRetries = settings.maxRetries;
    const transport = new Transport({
      service: SERVICE,
      baseURL: settings.baseURL,
      base: 'api',
      credentials: { authorization: `Bearer ${settings.apiKey}` },
      timeout: settings.timeout,
      maxRetries: settings.maxRetries,
      fetch: options.fetch,
      logger: options.logger,
      defaultHeaders: options.defaultHeaders ?? {},
      errors: {
        Base: Errors.RankquillError,
        Connection: Errors.APIConnectionError,
        Timeout: Errors.APIConnectionTimeoutError,
        CrossOriginRedirect: Errors.CrossOriginRedirectError,
        UserAbort: Errors.APIUserAbortError,
        fromResponse: errorFromResponse,
      },
    });
    this.projects = new Projects(transport);
    this.content = new Content(transport);
    this.keywords = new Keywords(transport);
    this.aiVisibility = new AiVisibility(transport);
    this.webhooks = new Webhooks(transport);
    this.deliveries = new Deliveries(transport);
    this.activity = new Activity(transport);
    this.exports = new Exports(transport, this.baseURL);
  }
}
