import ky, { isHTTPError, isNetworkError, isTimeoutError, type Options } from 'ky';
import type { ParsedResponse } from '../core/api-promise';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
} from '../core/errors/connection-errors';
import { RankquillError } from '../core/errors/rankquill-error';
import type { Logger } from '../core/logger';
import type { RequestOptions } from '../core/request-options';
import { canFetchDirectly, fetchDirectly } from './direct-fetch';
import { errorFromResponse } from './error-from-response';
import { newIdempotencyKey } from './idempotency-key';
import { retryDelay } from './retry-policy';
import { sleep } from './sleep';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportSettings {
  apiKey: string;
  /** Main API address without a trailing slash, such as `https://host/v1`. */
  baseURL: string;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch | undefined;
  logger: Logger | undefined;
  defaultHeaders: Record<string, string | null | undefined>;
}

export interface ApiCall {
  method: HttpMethod;
  /** Path under the base URL, starting with `/`. */
  path: string;
  query?: object | undefined;
  body?: unknown;
  options?: RequestOptions | undefined;
  /** An absolute URL to call instead of the base URL and `path` (a signed export download URL). */
  url?: string | undefined;
  /** Answer the 2xx response unread, for a file to stream; `data` is then undefined. */
  raw?: boolean | undefined;
}

type HeaderValues = Record<string, string | null | undefined>;

/**
 * Sends API calls over ky: headers, JSON, Idempotency-Key, timeouts and retries, and turns
 * every failure into one of the SDK's error classes.
 */
export class Transport {
  private readonly baseHeaders: HeaderValues;
  /** The headers of a call with no body, no POST and no per-call headers, built once. */
  private readonly plainHeaders: Readonly<Record<string, string>>;

  constructor(private readonly settings: TransportSettings) {
    this.baseHeaders = {
      accept: 'application/json',
      authorization: `Bearer ${settings.apiKey}`,
      ...lowerCaseKeys(settings.defaultHeaders),
    };
    // ky copies the headers it is given, so one frozen object serves every such call.
    this.plainHeaders = Object.freeze(definedHeaders(this.baseHeaders));
  }

  async send<T>({
    method,
    path,
    query,
    body,
    options = {},
    url: fullUrl,
    raw,
  }: ApiCall): Promise<ParsedResponse<T>> {
    const url = (fullUrl ?? this.settings.baseURL + path) + queryString(query);
    const signal = options.signal;
    // ky's own retry stays off (`retry: 0`): it would clone every request in advance and merge
    // the retry options on every call. The loop below retries instead, with the same policy.
    const request: Options = {
      method,
      headers: this.headersOf(method, body, options),
      timeout: options.timeout ?? this.settings.timeout,
      retry: 0,
    };
    if (body !== undefined) request.body = JSON.stringify(body);
    if (signal) request.signal = signal;
    if (this.settings.fetch) request.fetch = this.settings.fetch;
    const maxRetries = options.maxRetries ?? this.settings.maxRetries;
    const direct = canFetchDirectly(request);
    try {
      for (let retryCount = 0; ; retryCount++) {
        try {
          const response = direct ? await fetchDirectly(url, request) : await ky(url, request);
          if (raw) return { data: undefined as T, response };
          const text = await response.text();
          return { data: parseJson(text, response) as T, response };
        } catch (error) {
          const wait =
            retryCount < maxRetries && !signal?.aborted ? retryDelay(error, retryCount + 1) : undefined;
          if (wait === undefined) throw error;
          this.settings.logger?.info('Retrying Rankquill API request', {
            method,
            url,
            retryCount: retryCount + 1,
            reason: isHTTPError(error) ? `status ${error.response.status}` : (error as Error).name,
          });
          await sleep(wait, signal);
        }
      }
    } catch (error) {
      const sdkError = toSdkError(error, signal);
      this.settings.logger?.warn('Rankquill API request failed', {
        method,
        url,
        error: sdkError.name,
        message: sdkError.message,
      });
      throw sdkError;
    }
  }

  private headersOf(method: HttpMethod, body: unknown, options: RequestOptions): Record<string, string> {
    if (body === undefined && method !== 'POST' && !options.headers) return this.plainHeaders;
    const headers: HeaderValues = { ...this.baseHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = newIdempotencyKey();
    if (options.headers) Object.assign(headers, lowerCaseKeys(options.headers));
    if (method === 'POST' && options.idempotencyKey !== undefined) {
      headers['idempotency-key'] = options.idempotencyKey;
    }
    return definedHeaders(headers);
  }
}

function toSdkError(error: unknown, signal: AbortSignal | undefined): RankquillError {
  if (error instanceof APIUserAbortError) return error;
  if (signal?.aborted) return new APIUserAbortError({ cause: error });
  if (error instanceof RankquillError) return error;
  if (isHTTPError(error)) return errorFromResponse(error.response.status, error.data, error.response.headers);
  if (isTimeoutError(error)) return new APIConnectionTimeoutError({ cause: error });
  if (isNetworkError(error)) return new APIConnectionError({ cause: error });
  // Runtimes word their connection failures differently; an unrecognized one is still a failed connection.
  const detail = error instanceof Error ? error.message : String(error);
  return new APIConnectionError({
    message: `The request to the Rankquill API failed before an answer arrived: ${detail}`,
    cause: error,
  });
}

function parseJson(text: string, response: Response): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RankquillError(
      `The API answered ${response.status} with a body that is not JSON (request id ${response.headers.get('x-request-id') ?? 'unknown'}); check that baseURL points at the Rankquill API.`,
      { cause: error },
    );
  }
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function lowerCaseKeys(headers: HeaderValues): HeaderValues {
  const result: HeaderValues = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

function definedHeaders(headers: HeaderValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') result[name] = value;
  }
  return result;
}
