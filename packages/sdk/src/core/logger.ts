/**
 * Where the SDK reports retries and failures. `console` fits; so does a pino or winston logger.
 *
 * @example
 * ```ts
 * const client = new Rankquill({ logger: console });
 * ```
 */
export interface Logger {
  /**
   * Details of a request the client sends; pino, winston and `console` fit.
   * @example
   * ```ts
   * logger.debug('request', { method: 'GET', path: '/v1/projects' });
   * ```
   */
  debug(message: string, details?: Record<string, unknown>): void;
  /**
   * One line per retry, with the attempt and the wait.
   * @example
   * ```ts
   * logger.info('Retrying GET /v1/projects in 0.5 s', { attempt: 1 });
   * ```
   */
  info(message: string, details?: Record<string, unknown>): void;
  /**
   * One line per failed call, after its retries.
   * @example
   * ```ts
   * logger.warn('GET /v1/projects failed', { status: 503 });
   * ```
   */
  warn(message: string, details?: Record<string, unknown>): void;
  /**
   * An error the client could not turn into an answer.
   * @example
   * ```ts
   * logger.error('Could not read the answer', { status: 200 });
   * ```
   */
  error(message: string, details?: Record<string, unknown>): void;
}
