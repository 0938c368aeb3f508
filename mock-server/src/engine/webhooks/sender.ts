import type { EgressPolicy } from './egress';
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
  /**
   * The egress guard refused the address: nothing was sent. Not retried, since only a new URL
   * or another `--webhook-egress` can change the outcome.
   */
  refused?: boolean;
}

/**
 * The answer of an attempt the egress guard stopped, with its reason.
 *
 * @example
 * ```ts
 * refusedAnswer('http://10.0.0.5/hook', 'points to a private address');
 * // { status: null, error: 'Not sent: the webhook URL http://10.0.0.5/hook points to a private address.', refused: true, ... }
 * ```
 */
export function refusedAnswer(url: string, reason: string): WebhookAnswer {
  return {
    status: null,
    body: '',
    error: `Not sent: the webhook URL ${redactedUrl(url)} ${reason}.`,
    refused: true,
  };
}

/**
 * A URL as errors show it: without credentials, query or fragment, which may hold secrets.
 *
 * @example
 * ```ts
 * redactedUrl('https://user:pw@hooks.example.com/in?token=abc'); // 'https://hooks.example.com/in'
 * ```
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'that is not a URL';
  }
}

/**
 * Sends webhook deliveries. Injected into the engine, so tests and other runtimes can replace
 * the network. Implementations never throw: every failure is an answer with `error`.
 */
export interface WebhookSender {
  /** Makes one delivery attempt; a failure is an answer with `error`, never a rejection. */
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
  /**
   * Where webhooks may go. `fetch` connects by itself, so this sender checks the URL and, with
   * the policy's resolver, every address the host resolves to just before sending; the
   * reference server's `NodeWebhookSender` checks the very address it connects to.
   * @example new FetchWebhookSender({ egress: new EgressPolicy({ allowPrivate: false }) })
   */
  egress?: EgressPolicy;
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
    const refusal = await this.options.egress?.checkUrl(request.url);
    if (refusal !== undefined) return refusedAnswer(request.url, refusal);
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
