import { PublicArticlesError } from './public-articles-error';

/** No answer arrived: the connection failed. Already retried `maxRetries` times. */
export class APIConnectionError extends PublicArticlesError {
  constructor(
    message = 'Could not reach the public article API. Check baseURL and the network.',
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/** No answer arrived within `timeout` milliseconds. */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(cause?: unknown) {
    super('The public article API did not answer in time. Raise the `timeout` option if needed.', cause);
  }
}
