import type { ParsedResponse } from '@rankquill/client-core';
import { parseRateLimit, type RateLimit } from './rate-limit';

/** What `.withResponse()` gives: the parsed data and what came with it. */
export interface WithResponse<T> {
  data: T;
  /** The raw Fetch API response; its body has already been read. */
  response: Response;
  /** `X-Request-Id` of the answer; quote it when reporting a problem. */
  requestId: string | undefined;
  /** The account's request budget after this call, when the server reported it. */
  rateLimit: RateLimit | undefined;
}

/**
 * The promise every API method returns: await it for the data, or call `.withResponse()`
 * for the data together with the response, its request id and rate-limit headers.
 *
 * @example
 * ```ts
 * const project = await client.projects.retrieve('proj_123');
 * const { data, requestId, rateLimit } = await client.projects.retrieve('proj_123').withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  private parsed: Promise<T> | undefined;

  /**
   * API methods create these; there is no need to construct one.
   * @internal
   */
  constructor(private readonly responsePromise: Promise<ParsedResponse<T>>) {
    // The executor's value is never read: `then` below serves from `responsePromise`.
    super((resolve) => resolve(undefined as T));
  }

  /** Derives a promise of another type from the same response, keeping `.withResponse()`. */
  protected static mapped<T, U>(source: Promise<ParsedResponse<T>>, map: (data: T) => U) {
    return source.then(({ data, response }) => ({ data: map(data), response }));
  }

  /**
   * Resolves with the data and the response it came from.
   *
   * @example
   * ```ts
   * const { data: project, response, requestId, rateLimit } = await client.projects
   *   .retrieve('proj_123')
   *   .withResponse();
   * console.log(response.status, requestId, rateLimit?.remaining);
   * ```
   */
  async withResponse(): Promise<WithResponse<T>> {
    const { data, response } = await this.responsePromise;
    return {
      data,
      response,
      requestId: response.headers.get('x-request-id') ?? undefined,
      rateLimit: parseRateLimit(response.headers),
    };
  }

  /**
   * Resolves with the raw response only.
   * @example
   * ```ts
   * const response = await client.projects.list().asResponse();
   * console.log(response.status, response.headers.get('x-request-id'));
   * ```
   */
  async asResponse(): Promise<Response> {
    return (await this.responsePromise).response;
  }

  private parse(): Promise<T> {
    this.parsed ??= this.responsePromise.then(({ data }) => data);
    return this.parsed;
  }

  // biome-ignore lint/suspicious/noThenProperty: this is a Promise subclass; `then` serves the parsed data
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.parse().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.parse().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.parse().finally(onfinally);
  }
}
