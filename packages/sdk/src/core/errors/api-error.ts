import { apiErrorClass } from '@rankquill/client-core';
import { RankquillError } from './rankquill-error';

/**
 * The API answered with a non-2xx status. Subclasses name the common statuses; any other
 * status is an `APIError` itself. It carries `status`, `type`, `message`, `param`, `requestId`,
 * `headers` and the parsed `body`.
 *
 * @example
 * ```ts
 * try {
 *   await client.projects.create({ name: 'Docs', domain: 'not a domain' });
 * } catch (error) {
 *   if (error instanceof APIError) console.error(error.status, error.type, error.param, error.requestId);
 * }
 * ```
 */
export class APIError extends apiErrorClass(RankquillError) {
  override name = 'APIError';
}
