import ky, { type Hooks, isHTTPError, isNetworkError, isTimeoutError, type RetryOptions } from 'ky';
import type { ParsedResponse } from '../core/api-promise';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
} from '../core/errors/connection-errors';
import { RankquillError } from '../core/errors/rankquill-error';
import type { Logger } from '../core/logger';
import type { RequestOptions } from '../core/request-options';
import { errorFromResponse } from './error-from-response';
import { newIdempotencyKey } from './idempotency-key';
import { retryPolicy } from './retry-policy';

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
}

type HeaderValues = Record<string, string | null | undefined>;

/**
 * Sends API calls over ky: headers, JSON, Idempotency-Key, timeouts and retries, and turns
 * every failure into one of the SDK's error classes.
 */
export class Transport {
  private readonly baseHeaders: HeaderValues;
  private readonly defaultRetry: RetryOptions;
  private readonly hooks: Hooks;

  constructor(private readonly settings: TransportSettings) {
    this.baseHeaders = {
      accept: 'application/json',
      authorization: `Bearer ${settings.apiKey}`,
      ...lowerCaseKeys(settings.defaultHeaders),
    };
    this.defaultRetry = retryPolicy(settings.maxRetries);
    const logger = settings.logger;
    this.hooks = logger
      ? {
          beforeRetry: [
            ({ request, error, retryCount }) =>
              logger.info('Retrying Rankquill API request', {
                method: request.method,
                url: request.url,
                retryCount,
                reason: isHTTPError(error) ? `status ${error.response.status}` : error.name,
              }),
          ],
        }
      : {};
  }

  async send<T>({ method, path, query, body, options = {} }: ApiCall): Promise<ParsedResponse<T>> {
    const url = this.settings.baseURL + path + queryString(query);
    const headers: HeaderValues = { ...this.baseHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = newIdempotencyKey();
    if (options.headers) Object.assign(headers, lowerCaseKeys(options.headers));
    if (method === 'POST' && options.idempotencyKey !== undefined) {
      headers['idempotency-key'] = options.idempotencyKey;
    }
    const signal = options.signal;
    try {
      const response = await ky(url, {
        method,
        headers: definedHeaders(headers),
        body: body === undefined ? undefined : JSON.stringify(body),
        timeout: options.timeout ?? this.settings.timeout,
        retry:
          options.maxRetries === undefined
            ? this.defaultRetry
            : { ...this.defaultRetry, limit: options.maxRetries },
        hooks: this.hooks,
        ...(signal ? { signal } : {}),
        ...(this.settings.fetch ? { fetch: this.settings.fetch } : {}),
      });
      const text = await response.text();
      return { data: parseJson(text, response) as T, response };
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
}

function toSdkError(error: unknown, signal: AbortSignal | undefined): RankquillError {
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
