/** Options of one call; each overrides the client's setting for that call only. */
export interface RequestOptions {
  /**
   * Milliseconds to wait for each attempt's answer.
   * @example
   * ```ts
   * await client.projects.list({}, { timeout: 5_000 });
   * ```
   */
  timeout?: number;
  /** How many times to retry a failed attempt (connection errors, 408, 429, 5xx). */
  maxRetries?: number;
  /** Extra headers; a `null` value removes a header the client would send. */
  headers?: Record<string, string | null | undefined>;
  /**
   * Key of a POST, so that retries (yours or the SDK's) never act twice. The SDK generates one
   * per call when you leave this out; pass your own to retry across processes.
   * @example
   * ```ts
   * await client.content.create('proj_123', { keyword: 'cold brew' }, { idempotencyKey: `order-${orderId}` });
   * ```
   */
  idempotencyKey?: string;
  /**
   * Aborts the call, including its retries and the waits between them.
   * @example
   * ```ts
   * await client.projects.list({}, { signal: AbortSignal.timeout(2_000) });
   * ```
   */
  signal?: AbortSignal;
}
