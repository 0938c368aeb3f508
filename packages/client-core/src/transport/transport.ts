import ky, { isHTTPError, isNetworkError, isTimeoutError, type Options } from 'ky';
import type { ClientErrorClass } from '../errors/client-error-class';
import type { ConnectionErrorOptions } from '../errors/connection-errors';
import type { CrossOriginRedirectOptions } from '../errors/cross-origin-redirect-error';
import { CLIENT_POLICY, OPERATIONS, type OperationId, type OperationSpec } from '../generated/operations';
import { resolvePath } from '../path';
import { retryOutcomeOf, retryWait } from '../retries/retry-policy';
import { sleep } from '../retries/sleep';
import { Secrets } from '../secrets';
import { canFetchDirectly, fetchDirectly } from './direct-fetch';
import { definedHeaders, type HeaderValues, lowerCaseKeys } from './headers';
import { newIdempotencyKey } from './idempotency-key';
import { queryString } from './query-string';
import { type CrossOriginRedirect, crossOriginRedirect } from './redirects';
import { urlQuery } from './url-query';
import { type AddressSettings, wrongAddressMessage } from './wrong-address';

/** The API a client calls: the main API (`/v1`) or the public article API. */
export type ApiBase = 'api' | 'public-article-api';

const API_PATHS: Record<ApiBase, string> = {
  api: CLIENT_POLICY.basePaths.api,
  'public-article-api': CLIENT_POLICY.basePaths.publicArticleApi,
};

/** Options of one call; each overrides the client's setting for that call only. */
export interface CallOptions {
  timeout?: number | undefined;
  maxRetries?: number | undefined;
  headers?: HeaderValues | undefined;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** A parsed answer and the response it came from. */
export interface ParsedResponse<T> {
  data: T;
  response: Response;
}

/** The error classes of one client: everything its transport throws is one of them. */
export interface ClientErrors {
  /** The client's base class, for an answer that is not JSON and an argument that is not an id. */
  Base: ClientErrorClass;
  Connection: new (options?: ConnectionErrorOptions) => Error;
  Timeout: new (options?: ConnectionErrorOptions) => Error;
  /** Thrown for a redirect to another origin, which is never followed. */
  CrossOriginRedirect: new (
    options: CrossOriginRedirectOptions,
  ) => Error;
  /** Thrown when the call's `signal` aborts; a client that takes no signal leaves it out. */
  UserAbort?: (new (options?: { cause?: unknown }) => Error) | undefined;
  /** The error of a non-2xx answer, from its status, body text (secrets redacted) and headers. */
  fromResponse(status: number, text: string, headers: Headers): Error;
}

/** Where the transport reports retries (`info`) and failed calls (`warn`). */
export interface TransportLogger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

export interface TransportSettings {
  /** The API's name in messages and log lines, such as `Rankquill API`; its error classes take the same. */
  service: string;
  /** The API's address without a trailing slash, such as `https://host/v1`. */
  baseURL: string;
  /** The API it calls; every operation it sends must live there. */
  base: ApiBase;
  /**
   * Headers that carry the key, sent with every call. Their values never appear in an error, its
   * cause, a log line, or an inspection of the transport.
   */
  credentials: Record<string, string>;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch | undefined;
  logger: TransportLogger | undefined;
  defaultHeaders: HeaderValues;
  errors: ClientErrors;
}

/**
 * One call of an operation of the contract: method, path, base and idempotency come from the
 * generated operation table; the caller gives the values.
 */
export interface ApiCall {
  /** The contract's operation, such as `content.retrieve`. */
  operation: OperationId;
  /**
   * The client method, such as `content.createAndWait`, that errors about its arguments and log
   * lines name; defaults to `operation`.
   */
  caller?: string | undefined;
  /** The path parameters' values, in the operation's `pathParams` order; each is checked and encoded. */
  ids?: readonly string[] | undefined;
  query?: object | undefined;
  body?: unknown;
  options?: CallOptions | undefined;
  /**
   * An absolute URL to call instead of the base URL and `path` (a signed export download URL).
   * Its query is a secret like the key.
   */
  url?: string | undefined;
  /** Answer the 2xx response unread, for a file to stream; `data` is then undefined. */
  raw?: boolean | undefined;
}

/**
 * Sends API calls over ky: headers, JSON, Idempotency-Key, timeouts, and retries in its own loop
 * (`retryWait`), and turns every failure into one of the client's error classes, with no secret
 * in it. Redirects are never followed (`redirect: 'manual'`): one to another origin is a
 * `CrossOriginRedirect` error, so neither the key nor a body ever reaches that origin; one within
 * the origin is the wrong-address error of the base URL (the API itself never redirects).
 */
export class Transport {
  // Private fields: inspecting a client (console.log(client)) must not print its key.
  readonly #settings: TransportSettings;
  readonly #address: AddressSettings;
  readonly #secrets: Secrets;
  readonly #baseHeaders: HeaderValues;
  /** The headers of a call with no body, no Idempotency-Key and no per-call headers, built once. */
  readonly #plainHeaders: Readonly<Record<string, string>>;

  constructor(settings: TransportSettings) {
    this.#settings = settings;
    this.#address = {
      service: settings.service,
      baseURL: settings.baseURL,
      apiPath: API_PATHS[settings.base],
    };
    this.#secrets = new Secrets(Object.values(settings.credentials).flatMap(withoutScheme));
    this.#baseHeaders = {
      accept: 'application/json',
      ...lowerCaseKeys(settings.credentials),
      ...lowerCaseKeys(settings.defaultHeaders),
    };
    // ky copies the headers it is given, so one frozen object serves every such call.
    this.#plainHeaders = Object.freeze(definedHeaders(this.#baseHeaders));
  }

  async send<T>(call: ApiCall): Promise<ParsedResponse<T>> {
    const { body, options = {}, raw } = call;
    const settings = this.#settings;
    const { errors, logger } = settings;
    const spec: OperationSpec = OPERATIONS[call.operation];
    const { method } = spec;
    const caller = call.caller ?? call.operation;
    if (spec.base !== settings.base) {
      throw new errors.Base(
        `${call.operation} is an operation of the ${spec.base} base, not of this client's.`,
      );
    }
    const url =
      (call.url ??
        settings.baseURL + resolvePath(spec.path, spec.pathParams, call.ids ?? [], caller, errors.Base)) +
      queryString(call.query);
    const secrets = call.url ? this.#secrets.with([urlQuery(call.url)]) : this.#secrets;
    const signal = options.signal;
    // ky's own retry stays off (`retry: 0`): it would clone every request in advance and merge
    // the retry options on every call. The loop below retries instead.
    const request: Options = {
      method,
      headers: this.#headersOf(spec, body, options),
      timeout: options.timeout ?? settings.timeout,
      retry: 0,
      // An error answer's body comes as its text (ky's `error.data`): the client reads it.
      parseJson: keepText,
      redirect: 'manual',
    };
    if (body !== undefined) request.body = JSON.stringify(body);
    if (signal) request.signal = signal;
    if (settings.fetch) request.fetch = settings.fetch;
    const maxRetries = options.maxRetries ?? settings.maxRetries;
    const direct = canFetchDirectly(request);
    let attempts = 0;
    try {
      for (;;) {
        attempts++;
        try {
          const response = direct ? await fetchDirectly(url, request) : await ky(url, request);
          // Only a custom fetch that ignores `redirect: 'manual'` gets here after a redirect.
          const redirect = crossOriginRedirect(url, response);
          if (redirect) throw this.#redirectError(redirect, call.url === undefined);
          const wrongAddress = call.url ? undefined : wrongAddressMessage(this.#address, response);
          if (wrongAddress) throw new errors.Base(wrongAddress);
          if (raw) return { data: undefined as T, response };
          const text = await response.text();
          return { data: this.#parseJson(text, response, secrets) as T, response };
        } catch (error) {
          const outcome = attempts <= maxRetries && !signal?.aborted ? retryOutcomeOf(error) : undefined;
          const wait = outcome && retryWait(outcome, attempts);
          if (wait === undefined) throw error;
          logger?.info(`Retrying ${settings.service} request`, {
            operation: caller,
            method,
            url: secrets.redact(url),
            retryCount: attempts,
            reason: isHTTPError(error) ? `status ${error.response.status}` : (error as Error).name,
          });
          await sleep(wait, signal, (reason) => this.#abortError(reason));
        }
      }
    } catch (error) {
      const clientError = this.#clientError(error, url, signal, attempts, secrets, call.url === undefined);
      logger?.warn(`${settings.service} request failed`, {
        operation: caller,
        method,
        url: secrets.redact(url),
        error: clientError.name,
        message: clientError.message,
      });
      throw clientError;
    }
  }

  #headersOf(spec: OperationSpec, body: unknown, options: CallOptions): Record<string, string> {
    if (body === undefined && !spec.idempotent && !options.headers) return this.#plainHeaders;
    const headers: HeaderValues = { ...this.#baseHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (spec.idempotent) headers['idempotency-key'] = newIdempotencyKey();
    if (options.headers) Object.assign(headers, lowerCaseKeys(options.headers));
    if (spec.idempotent && options.idempotencyKey !== undefined) {
      headers['idempotency-key'] = options.idempotencyKey;
    }
    return definedHeaders(headers);
  }

  /**
   * The client's error for a failed call. ky's errors are never passed on as a cause: they hold
   * the `Request`, whose headers carry the key; a redacted copy of what is underneath is.
   */
  #clientError(
    error: unknown,
    url: string,
    signal: AbortSignal | undefined,
    attempts: number,
    secrets: Secrets,
    atBaseURL: boolean,
  ): Error {
    const { errors, service } = this.#settings;
    if (error instanceof errors.Base) return error;
    if (signal?.aborted) return this.#abortError(signal.reason);
    if (isHTTPError(error)) {
      const redirect = crossOriginRedirect(url, error.response);
      if (redirect) return this.#redirectError(redirect, atBaseURL);
      const apiError = errors.fromResponse(
        error.response.status,
        secrets.redact(typeof error.data === 'string' ? error.data : ''),
        error.response.headers,
      );
      // The class and fields stay the answer's; the message says what the client knows better.
      const wrongAddress = atBaseURL ? wrongAddressMessage(this.#address, error.response) : undefined;
      if (wrongAddress) apiError.message = secrets.redact(wrongAddress);
      return apiError;
    }
    const cause = secrets.safeCause(error);
    if (isTimeoutError(error)) return new errors.Timeout({ attempts, cause });
    if (isNetworkError(error)) return new errors.Connection({ attempts, cause });
    // Runtimes word their connection failures differently; an unrecognized one is still a failed connection.
    const detail = error instanceof Error ? error.message : String(error);
    return new errors.Connection({
      attempts,
      message: `The request to the ${service} failed before an answer arrived: ${secrets.redact(detail)}`,
      cause,
    });
  }

  #redirectError(redirect: CrossOriginRedirect, atBaseURL: boolean): Error {
    const fix = redirect.followed
      ? "Pass a fetch that honours `redirect: 'manual'`, as the runtime's own fetch does."
      : atBaseURL
        ? 'Set baseURL to the address that answers without a redirect.'
        : 'A download link must answer at its own origin.';
    return new this.#settings.errors.CrossOriginRedirect({ ...redirect, fix });
  }

  #abortError(reason: unknown): Error {
    const { UserAbort, Base } = this.#settings.errors;
    return UserAbort
      ? new UserAbort({ cause: reason })
      : new Base('The request was aborted.', { cause: reason });
  }

  #parseJson(text: string, response: Response, secrets: Secrets): unknown {
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new this.#settings.errors.Base(
        `The ${this.#settings.service} answered ${response.status} with a body that is not JSON (request id ${response.headers.get('x-request-id') ?? 'unknown'}); check that baseURL points at it.`,
        { cause: secrets.safeCause(error) },
      );
    }
  }
}

function keepText(text: string): string {
  return text;
}

/** A credential and, for `Bearer <key>`, the key alone: a server may echo either. */
function withoutScheme(credential: string): string[] {
  const token = /^\S+ (\S+)$/.exec(credential)?.[1];
  return token ? [credential, token] : [credential];
}
