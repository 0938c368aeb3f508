import type { ClientErrorClass } from './client-error-class';

/** What a connection error is built from. */
export interface ConnectionErrorOptions {
  /** Replaces the message worded from `attempts`. */
  message?: string | undefined;
  /** The failure underneath, without the request (its headers hold the key). */
  cause?: unknown;
  /** How many attempts were made, retries included (default 1). */
  attempts?: number | undefined;
}

type ConnectionErrorClass = new (options?: ConnectionErrorOptions) => Error;

function attemptsText(attempts: number): string {
  return attempts === 1 ? '(1 attempt, no retries)' : `(${attempts} attempts)`;
}

/** Builds a client's `APIConnectionError` (no answer arrived) on its base class. */
export function connectionErrorClass(ClientError: ClientErrorClass, service: string) {
  return class APIConnectionError extends ClientError {
    /** @param options The cause and the number of attempts; the message is worded from them. */
    constructor(options: ConnectionErrorOptions = {}) {
      super(
        options.message ??
          `Could not reach the ${service} ${attemptsText(options.attempts ?? 1)}. Check baseURL and your network.`,
        { cause: options.cause },
      );
    }
  };
}

/** Builds a client's `APIConnectionTimeoutError` on its `APIConnectionError`. */
export function connectionTimeoutErrorClass(ConnectionError: ConnectionErrorClass, service: string) {
  return class APIConnectionTimeoutError extends ConnectionError {
    /** @param options The cause and the number of attempts; the message is worded from them. */
    constructor(options: ConnectionErrorOptions = {}) {
      super({
        ...options,
        message:
          options.message ??
          `No answer from the ${service} within the timeout ${attemptsText(options.attempts ?? 1)}. Raise the \`timeout\` option if the call needs longer.`,
      });
    }
  };
}

/** Builds a client's `APIUserAbortError` (the caller's signal aborted the call) on its base class. */
export function userAbortErrorClass(ClientError: ClientErrorClass) {
  return class APIUserAbortError extends ClientError {
    /** @param options The abort signal's reason. */
    constructor(options: { cause?: unknown } = {}) {
      super('The request was aborted by its AbortSignal.', options);
    }
  };
}
