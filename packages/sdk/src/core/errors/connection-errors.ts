import { RankquillError } from './rankquill-error';

/** No answer arrived: the connection failed (DNS, refused, reset). Retried automatically. */
export class APIConnectionError extends RankquillError {
  constructor(options: { message?: string; cause?: unknown } = {}) {
    super(
      options.message ??
        'Could not reach the Rankquill API. Check baseURL and your network; the request was retried before giving up.',
      { cause: options.cause },
    );
  }
}

/** No answer arrived within `timeout` milliseconds, on every attempt. */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({
      message:
        options.message ??
        'The request timed out. Raise the `timeout` option (per client or per call) if the call needs longer.',
      cause: options.cause,
    });
  }
}

/** The caller aborted the request through its `signal`. */
export class APIUserAbortError extends RankquillError {
  constructor(options: { cause?: unknown } = {}) {
    super('The request was aborted by its AbortSignal.', options);
  }
}
