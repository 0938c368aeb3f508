import { ClientError } from '@rankquill/client-core';

/**
 * Base class of every error this package throws, so one `instanceof` check catches them all.
 *
 * @example
 * ```ts
 * try {
 *   await articles.retrieve('cnt_123');
 * } catch (error) {
 *   if (error instanceof PublicArticlesError) console.error(error.message);
 * }
 * ```
 */
export class PublicArticlesError extends ClientError {
  override name = 'PublicArticlesError';
}
