import ky, { isTimeoutError, type Options, TimeoutError } from 'ky';

/** The longest `timeout` ky accepts; a call asking for more goes through ky, which refuses it. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** ky options of one attempt that `fetchDirectly` can send. */
export type DirectOptions = Options & { timeout: number };

/**
 * Whether an attempt can skip ky: it has no body, so ky would add nothing but its per-request
 * work (two `Request` objects tied to an abort signal, option merging and normalizing), which
 * costs a bodyless API call about a tenth of its time. See "SDK transport" in docs/decisions.md.
 */
export function canFetchDirectly(options: Options): options is DirectOptions {
  return (
    options.body === undefined && typeof options.timeout === 'number' && options.timeout <= MAX_TIMEOUT_MS
  );
}

/**
 * Sends one attempt with the configured fetch (or the global one) and the same timeout and
 * signal ky would use, and returns a 2xx answer as it is. Any other outcome is handed to ky, so
 * error bodies are read and failures classified (`HTTPError`, `NetworkError`) by ky, exactly as
 * on the ky path; a timeout throws ky's `TimeoutError`.
 */
export async function fetchDirectly(url: string, options: DirectOptions): Promise<Response> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  // A copy: the transport shares one headers object between calls, and a fetch may change it.
  const init: RequestInit = {
    method: options.method,
    headers: { ...options.headers } as HeadersInit,
    signal,
  };
  if (options.redirect) init.redirect = options.redirect;
  let response: Response;
  try {
    // Like ky's timeout: it covers the wait for the answer's headers, and aborts the request.
    response = await new Promise<Response>((resolve, reject) => {
      // Called as a method of globalThis: browsers refuse a detached `fetch`.
      const answer = options.fetch ? options.fetch(url, init) : globalThis.fetch(url, init);
      const timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutError(new Request(url, { method: options.method })));
      }, options.timeout);
      answer.then(
        (received) => {
          clearTimeout(timer);
          resolve(received);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  } catch (error) {
    if (isTimeoutError(error)) throw error;
    return ky(url, { ...options, fetch: () => Promise.reject(error) });
  }
  if (response.ok) return response;
  return ky(url, { ...options, fetch: () => Promise.resolve(response) });
}
