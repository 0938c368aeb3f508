import type { WebhookHttpRequest } from './request';

/** Longest a delivery attempt waits for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** Most of a receiver's answer that is kept; the rest is cut off. */
export const WEBHOOK_ANSWER_MAX_CHARS = 4096;

/**
 * What a receiver said: its status and body, or, when it gave no answer (network error,
 * timeout), `status` null and `error` saying why.
 */
export interface WebhookAnswer {
  status: number | null;
  body: string;
  error: string | null;
}

/**
 * Sends webhook deliveries. Injected into the engine, so tests and other runtimes can replace
 * the network. Implementations never throw: every failure is an answer with `error`.
 */
export interface WebhookSender {
  send(request: WebhookHttpRequest): Promise<WebhookAnswer>;
}

export interface FetchWebhookSenderOptions {
  /**
   * Milliseconds to wait for the answer before the attempt counts as failed.
   * @default 15000
   * @example new FetchWebhookSender({ timeoutMs: 5000 })
   */
  timeoutMs?: number;
  /**
   * Aborts attempts in flight, such as when the server shuts down.
   * @example new FetchWebhookSender({ signal: shutdown.signal })
   */
  signal?: AbortSignal;
}

/**
 * The default sender: the global `fetch` (Node, browsers, workers), a 15-second timeout,
 * redirects not followed (a redirect is an answer, and a failed attempt).
 *
 * @example
 * ```ts
 * const engine = await Engine.open({ store, seed: 1, clock, webhookSender: new FetchWebhookSender({ timeoutMs: 5000 }) });
 * ```
 */
export class FetchWebhookSender implements WebhookSender {
  constructor(private readonly options: FetchWebhookSenderOptions = {}) {}

  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    const timeoutMs = this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal,
      });
      const body = await response.text();
      return { status: response.status, body: body.slice(0, WEBHOOK_ANSWER_MAX_CHARS), error: null };
    } catch (error) {
      if (timeout.aborted) {
        return { status: null, body: '', error: `No answer within ${timeoutMs / 1000} s (timeout).` };
      }
      if (this.options.signal?.aborted) {
        return { status: null, body: '', error: 'The server shut down during the attempt.' };
      }
      return { status: null, body: '', error: `Network error: ${describe(error)}.` };
    }
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : undefined;
  return detail ? `${error.message} (${detail})` : error.message;
}
