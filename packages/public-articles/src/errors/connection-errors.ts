import {
  connectionErrorClass,
  connectionTimeoutErrorClass,
  crossOriginRedirectErrorClass,
} from '@rankquill/client-core';
import { PublicArticlesError } from './public-articles-error';

/**
 * The API's name in these errors' messages.
 * @internal
 */
export const SERVICE = 'public article API';

/**
 * No answer arrived: the connection failed (DNS, refused, reset), on every attempt. Retried
 * automatically; the message says how many attempts were made.
 *
 * @example
 * ```ts
 * try {
 *   await articles.list();
 * } catch (error) {
 *   if (error instanceof APIConnectionError) console.error(error.message, error.cause);
 * }
 * ```
 */
export class APIConnectionError extends connectionErrorClass(PublicArticlesError, SERVICE) {
  override name = 'APIConnectionError';
}

/**
 * No answer arrived within `timeout` milliseconds, on every attempt.
 * @example
 * ```ts
 * try {
 *   await new PublicArticles({ timeout: 1, maxRetries: 0 }).list();
 * } catch (error) {
 *   if (error instanceof APIConnectionTimeoutError) console.log('no answer in time');
 * }
 * ```
 */
export class APIConnectionTimeoutError extends connectionTimeoutErrorClass(APIConnectionError, SERVICE) {
  override name = 'APIConnectionTimeoutError';
}

/**
 * The API's address answered a redirect to another origin (`fromOrigin`, `toOrigin`, `status`).
 * The client never follows one, so the `X-Service-Key` never reaches that origin; it is not
 * retried.
 *
 * @example
 * ```ts
 * try {
 *   await articles.list();
 * } catch (error) {
 *   if (error instanceof CrossOriginRedirectError) console.error(error.fromOrigin, '->', error.toOrigin);
 * }
 * ```
 */
export class CrossOriginRedirectError extends crossOriginRedirectErrorClass(APIConnectionError, SERVICE) {
  override name = 'CrossOriginRedirectError';
}
