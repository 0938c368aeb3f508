import type { APIErrorDetails } from './api-error';
import { errorDetails } from './error-details';

type APIErrorConstructor<E> = new (status: number, details: APIErrorDetails, headers: Headers) => E;

/** A client's API error classes: one for each status it names, one for 5xx, one for the rest. */
export interface APIErrorClasses<E> {
  byStatus: Readonly<Record<number, APIErrorConstructor<E>>>;
  serverError: APIErrorConstructor<E>;
  other: APIErrorConstructor<E>;
}

/**
 * Builds a client's `fromResponse`: the error for a non-2xx answer, of the client's class for
 * its status (else its server error for a 5xx, else its `APIError`), with what `errorDetails`
 * reads from the body and headers.
 *
 * @example
 * ```ts
 * const errorFromResponse = errorFromResponseOf({
 *   byStatus: { 404: NotFoundError },
 *   serverError: InternalServerError,
 *   other: APIError,
 * });
 * errorFromResponse(404, '{"error":{"message":"No such project"}}', new Headers()); // a NotFoundError
 * ```
 */
export function errorFromResponseOf<E>(classes: APIErrorClasses<E>) {
  return (status: number, text: string, headers: Headers): E => {
    const ErrorClass =
      classes.byStatus[status] ?? (status >= 500 && status <= 599 ? classes.serverError : classes.other);
    return new ErrorClass(status, errorDetails(status, text, headers), headers);
  };
}
