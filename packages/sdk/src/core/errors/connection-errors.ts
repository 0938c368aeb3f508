import {
  connectionErrorClass,
  connectionTimeoutErrorClass,
  crossOriginRedirectErrorClass,
  userAbortErrorClass,
} from '@rankquill/client-core';
import { RankquillError } from './rankquill-error';

/**
 * The API's name in these errors' messages.
 * @internal
 */
export const SERVICE = 'Rankquill API';

/**
 * No answer arrived: the connection failed (DNS, refused, reset), on every attempt. Retried
 * automatically; the message says how many attempts were made.
 *
 * @example
 * ```ts
 * try {
 *   await client.projects.list();
 * } catch (error) {
 *   if (error instanceof APIConnectionError) console.error(error.message, error.cause);
 * }
 * ```
 */
export class APIConnectionError extends connectionErrorClass(RankquillError, SERVICE) {
  override name = 'APIConnectionError';
}

/**
 * No answer arrived within `timeout` milliseconds, on every attempt.
 * @example
 * ```ts
 * try {
 *   await client.projects.list({}, { timeout: 1, maxRetries: 0 });
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
 * The client never follows one, so neither the key nor a request body (a webhook secret in
 * `projects.update`) reaches that origin; it is not retried.
 *
 * @example
 * ```ts
 * try {
 *   await client.projects.list();
 * } catch (error) {
 *   if (error instanceof CrossOriginRedirectError) console.error(error.fromOrigin, '->', error.toOrigin);
 * }
 * ```
 */
export class CrossOriginRedirectError extends crossOriginRedirectErrorClass(APIConnectionError, SERVICE) {
  override name = 'CrossOriginRedirectError';
}

/**
 * The caller aborted the request through its `signal`.
 * @example
 * ```ts
 * const controller = new AbortController();
 * const call = client.projects.list({}, { signal: controller.signal });
 * controller.abort();
 * await call.catch((error) => console.log(error instanceof APIUserAbortError)); // true
 * ```
 */
export class APIUserAbortError extends userAbortErrorClass(RankquillError) {
  override name = 'APIUserAbortError';
}
