/** Answer of a delivery: `{ success, url }` with 2xx, `{ error }` with 400, 401, 405, 413 or 500 (spec 6). */
export type WebhookResponseBody = { success: true; url: string } | { error: string };

/** What `handle` resolves with; adapters write `status`, `headers` and `body` as JSON. */
export interface WebhookResult {
  status: number;
  body: WebhookResponseBody;
  /** Headers to send with the answer: `allow: POST` with a 405. */
  headers?: Record<string, string>;
  /** The event name the delivery was handled as, when it could be read; for logs. */
  event: string | undefined;
}

/** The 405 every entry point answers to a method other than POST. */
export function methodNotAllowed(method: string): WebhookResult {
  return {
    status: 405,
    body: { error: `Method ${method} not allowed: webhook deliveries are POST requests.` },
    headers: { allow: 'POST' },
    event: undefined,
  };
}

/** The 413 every entry point answers to a body over `maxBodyBytes`. */
export function bodyTooLarge(maxBodyBytes: number, size?: number): WebhookResult {
  const what = size === undefined ? 'Request body' : `Request body of ${size} bytes`;
  return {
    status: 413,
    body: {
      error: `${what} exceeds the limit of ${maxBodyBytes} bytes: raise maxBodyBytes if your articles are larger (the largest delivery the service sends is about 3.1 MB).`,
    },
    event: undefined,
  };
}

/** A refused delivery: 400, 401 or 500 with `{ error }`. */
export function failure(status: 400 | 401 | 500, error: string, event?: string): WebhookResult {
  return { status, body: { error }, event };
}

/** An applied (or already applied) delivery: 200 with the article's URL. */
export function success(url: string, event: string): WebhookResult {
  return { status: 200, body: { success: true, url }, event };
}
