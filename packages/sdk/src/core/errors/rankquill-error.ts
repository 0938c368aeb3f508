import { ClientError } from '@rankquill/client-core';

/**
 * Base class of every error this SDK throws, so one `instanceof` check catches them all.
 *
 * @example
 * ```ts
 * try {
 *   await client.projects.retrieve('proj_123');
 * } catch (error) {
 *   if (error instanceof RankquillError) console.error(error.message);
 * }
 * ```
 */
export class RankquillError extends ClientError {
  override name = 'RankquillError';
}
