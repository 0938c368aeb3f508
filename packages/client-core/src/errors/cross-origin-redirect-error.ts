import type { ConnectionErrorOptions } from './connection-errors';

type ConnectionErrorClass = new (options?: ConnectionErrorOptions) => Error;

/** What a cross-origin redirect error is built from. */
export interface CrossOriginRedirectOptions {
  /** The redirect's status (301, 302, 303, 307, 308), or the final status when a fetch followed it. */
  status: number;
  /** The origin the request went to, such as `https://api.example.com`. */
  fromOrigin: string;
  /** The origin the redirect points at. */
  toOrigin: string;
  /**
   * Whether the request reached `toOrigin` anyway: a custom `fetch` that ignored
   * `redirect: 'manual'` followed it before the client saw the redirect.
   */
  followed?: boolean | undefined;
  /** What to do about it, ending the message. */
  fix: string;
}

/**
 * Builds a client's `CrossOriginRedirectError` on its `APIConnectionError`: the API's address
 * answered a redirect to another origin, which the client does not follow, so the key, a secret
 * in the body and the body itself never reach that origin. Never retried.
 */
export function crossOriginRedirectErrorClass(ConnectionError: ConnectionErrorClass, service: string) {
  return class CrossOriginRedirectError extends ConnectionError {
    /** The redirect's status, such as 307. */
    readonly status: number;
    /** The origin the request went to. */
    readonly fromOrigin: string;
    /** The other origin the redirect points at. */
    readonly toOrigin: string;

    /** @param options The redirect's status and both origins; the message is worded from them. */
    constructor(options: CrossOriginRedirectOptions) {
      const { status, fromOrigin, toOrigin, followed, fix } = options;
      super({
        message: followed
          ? `The ${service} at ${fromOrigin} redirected the request to another origin, ${toOrigin}, and the custom fetch followed it there with its headers and body. ${fix}`
          : `The ${service} at ${fromOrigin} answered ${status}, a redirect to another origin, ${toOrigin}: not followed, so neither the key nor the request body was sent there. ${fix}`,
      });
      this.status = status;
      this.fromOrigin = fromOrigin;
      this.toOrigin = toOrigin;
    }
  };
}
