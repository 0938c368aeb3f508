/**
 * Where the SDK reports retries and failures. `console` fits; so does a pino or winston logger.
 *
 * @example
 * ```ts
 * const client = new Rankquill({ logger: console });
 * ```
 */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}
