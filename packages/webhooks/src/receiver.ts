import type { WebhookEventMap, WebhookEventName } from '@rankquill/contract';
import { signingSecretProblem, WEBHOOK_HEADERS, WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract/webhooks';
import { applyArticleDefaults } from './article-defaults';
import { WebhookVerificationError } from './errors';
import { getHeader, type HeadersInput } from './headers';
import { describePayloadProblems, isKnownEvent, KNOWN_EVENTS, knownFields } from './payload-errors';
import { bodyTooLarge, failure, methodNotAllowed, success, type WebhookResult } from './receiver-result';
import { replayedUrl, webhookTimestampOf } from './replays';
import { sanitizeArticleHtml } from './sanitize-article-html';
import { verifyWebhookSignature } from './signature';
import type { ArticleStore, StoredArticle } from './stores/article-store';
import { MemoryArticleStore } from './stores/memory';
import { utf8Length } from './utf8-length';
import { verifySecret } from './verify-secret';

export {
  bodyTooLarge,
  methodNotAllowed,
  type WebhookResponseBody,
  type WebhookResult,
} from './receiver-result';

/** Events that take an article off the customer's site. */
export type RemovalEventName = 'content.unpublished' | 'content.deleted';

/** What a handler learns about the delivery besides the event body. */
export interface WebhookContext {
  /** The event name, from `x-service-event` (or the body's `event` field). */
  event: WebhookEventName;
  /** `x-service-delivery`: the same on every retry of one delivery, so handlers can deduplicate. */
  deliveryId: string | undefined;
  /** `webhook-id` of the delivery, when sent. */
  webhookId: string | undefined;
  /** The URL the receiver answers with: the article's page, or `''` for events without one. */
  url: string;
}

/**
 * Runs after the receiver validated a delivery (and, for article events, stored or removed the
 * article). `content.published` and `content.updated` handlers get the article with defaults
 * applied. A handler that throws turns the answer into a 500, so the service retries.
 */
export type WebhookHandler<K extends WebhookEventName> = (
  event: WebhookEventMap[K],
  context: WebhookContext,
) => void | Promise<void>;

/** A handler for some of the events, by name. */
export type WebhookHandlers = { [K in WebhookEventName]?: WebhookHandler<K> };

/** Options of `createWebhookReceiver`. */
export interface WebhookReceiverOptions {
  /**
   * The secret entered in the project's webhook settings, which the service sends as
   * `x-service-key` (spec 5); compared with it in constant time. Required.
   * @example process.env.RANKQUILL_WEBHOOK_SECRET
   */
  secret: string;
  /**
   * The project's signing secret, `whsec_` + base64. When given, every delivery must also carry
   * `webhook-id`, `webhook-timestamp` (within 5 minutes of the receiver's clock) and a
   * `webhook-signature` made with it, and anything else is a 401: a signature proves the delivery
   * comes from a holder of this secret, which, unlike `x-service-key`, never travels with a
   * delivery. Without it the receiver accepts what the spec's service sends: `x-service-key`
   * alone. A malformed value throws at construction.
   * @example process.env.RANKQUILL_WEBHOOK_SIGNING_SECRET
   */
  signingSecret?: string;
  /**
   * Where articles go. Default: a new `MemoryArticleStore`. Pass `false` when your handlers
   * write the articles themselves.
   * @example new SqliteArticleStore({ path: 'articles.db' })
   */
  store?: ArticleStore | false;
  /**
   * Prefix of the URL answered to the service, such as `https://www.example.com`.
   * Default: none, so the URL is the path `/<language>/resources/blog/<slug>`.
   * @example 'https://www.example.com'
   */
  siteBaseUrl?: string;
  /**
   * Author stored when a payload has none. Default `'Rankquill'`.
   * @example 'Editorial team'
   */
  authorDefault?: string;
  /**
   * Events that remove the article (by slug) from the store. Default both
   * `content.unpublished` and `content.deleted`; pass `[]` to keep articles and decide in a handler.
   * @example ['content.deleted']
   */
  removeOn?: readonly RemovalEventName[];
  /**
   * Handlers by event name; more can be added with `receiver.on()`.
   * @example { 'keyword.ranking_changed': (event) => console.log(event.keyword, event.position) }
   */
  on?: WebhookHandlers;
  /**
   * Largest body accepted, in bytes; a larger one answers 413, and the adapters stop reading it
   * there. Default `WEBHOOK_MAX_BODY_BYTES` (4 MiB), well above the largest delivery the service
   * sends (about 3.1 MB), in every adapter and every language.
   * @example 8 * 1024 * 1024
   */
  maxBodyBytes?: number;
  /**
   * Clock in milliseconds since the epoch, for the signature window and `received_at`.
   * Default `Date.now`; inject a fixed clock in tests.
   * @example () => Date.parse('2026-01-01T09:30:00Z')
   */
  now?: () => number;
}

/** A delivery as any transport hands it over. */
export interface WebhookRequest {
  /**
   * The HTTP method, when known: anything but POST answers 405 with `Allow: POST`.
   * @example 'POST'
   */
  method?: string;
  /**
   * Request headers in any form a framework hands over: a Fetch `Headers`, Node's
   * `req.headers`, a record in any case, CGI-style `HTTP_X_SERVICE_KEY` names, array values.
   */
  headers: HeadersInput;
  /** The body exactly as received. Signatures are computed over these bytes. */
  rawBody: string | Uint8Array;
  /**
   * True when a body parser consumed the bytes and `rawBody` was rebuilt from the parsed JSON; a
   * failed signature check then says how to keep the raw bytes.
   */
  rawBodyReconstructed?: boolean;
}

/** A transport-neutral webhook receiver; mount it with an adapter or call `handle` yourself. */
export interface WebhookReceiver {
  /** Checks, parses, stores and dispatches one delivery; never rejects. */
  handle(request: WebhookRequest): Promise<WebhookResult>;
  /**
   * Checks only `x-service-key`: resolves with the 401 answer when it is missing or wrong, and
   * with `undefined` when it matches. Adapters call it before they read a body, so a caller
   * without the secret cannot make the receiver buffer one; `handle` checks it again.
   */
  checkServiceKey(headers: HeadersInput): Promise<WebhookResult | undefined>;
  /** Adds a handler for one event; returns a function that removes it. */
  on<K extends WebhookEventName>(event: K, handler: WebhookHandler<K>): () => void;
  /** The store in use, or undefined when created with `store: false`. */
  readonly store: ArticleStore | undefined;
  /** Largest body accepted, in bytes (`maxBodyBytes`); adapters read no further. */
  readonly maxBodyBytes: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function articleUrl(siteBaseUrl: string, language: string, slug: string): string {
  return `${siteBaseUrl}/${encodeURIComponent(language)}/resources/blog/${encodeURIComponent(slug)}`;
}

/**
 * Creates a webhook receiver for Rankquill deliveries (spec 6). Per delivery, in this order:
 * 405 (with `Allow: POST`) when a `method` other than POST is given; 401 when `x-service-key`
 * is missing or wrong; 413 when the body is over `maxBodyBytes`; with a `signingSecret`, 401 when the signature
 * headers are missing, stale (replayed) or wrong; 400 when the body is not a JSON object, names
 * two different events, or misses required fields (each named); for `content.published` /
 * `content.updated` the article, defaults applied and its `content` sanitized to the service's
 * HTML allow-list, is upserted by slug (500 if the store fails); `content.unpublished`
 * and `content.deleted` remove it; then handlers run (500 if one throws). A delivery whose
 * `webhook-id` the store applied already, or older (`webhook-timestamp`) than the stored
 * article or than the removal that left the slug's tombstone, answers 200 with the article's URL
 * and changes nothing, handlers included. Success answers
 * `200 {"success": true, "url": "/<language>/resources/blog/<slug>"}` (url `''` for events
 * without a page); an event this version does not know answers 202 so the service does not retry it.
 *
 * @example
 * ```ts
 * import { createWebhookReceiver } from '@rankquill/webhooks';
 * const receiver = createWebhookReceiver({
 *   secret: process.env.RANKQUILL_WEBHOOK_SECRET!,
 *   signingSecret: process.env.RANKQUILL_WEBHOOK_SIGNING_SECRET, // optional: whsec_…
 *   on: { 'keyword.ranking_changed': (event) => console.log(event.keyword, event.change) },
 * });
 * const { status, body } = await receiver.handle({ headers: request.headers, rawBody: await request.text() });
 * ```
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  if (typeof options?.secret !== 'string' || options.secret === '') {
    throw new TypeError(
      "createWebhookReceiver: `secret` is required. Pass the secret you entered in the project's webhook settings, e.g. process.env.RANKQUILL_WEBHOOK_SECRET.",
    );
  }
  if ('verifySignature' in options) {
    throw new TypeError(
      'createWebhookReceiver: `verifySignature` is gone. Without `signingSecret` the receiver checks x-service-key only; pass `signingSecret` (whsec_…) to require signed deliveries.',
    );
  }
  const { secret, signingSecret } = options;
  if (signingSecret !== undefined) {
    const problem = signingSecretProblem(signingSecret);
    if (problem !== undefined) {
      throw new TypeError(
        `createWebhookReceiver: \`signingSecret\` is malformed: ${problem}. Pass the project's signing secret (whsec_ followed by base64), or leave it out to check x-service-key only.`,
      );
    }
  }
  const store = options.store === false ? undefined : (options.store ?? new MemoryArticleStore());
  const siteBaseUrl = (options.siteBaseUrl ?? '').replace(/\/+$/, '');
  const authorDefault = options.authorDefault ?? 'Rankquill';
  const removeOn = new Set<string>(options.removeOn ?? ['content.unpublished', 'content.deleted']);
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? WEBHOOK_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    throw new TypeError(
      `createWebhookReceiver: \`maxBodyBytes\` must be a positive whole number of bytes, got ${String(options.maxBodyBytes)}.`,
    );
  }
  const handlers = new Map<WebhookEventName, Array<WebhookHandler<WebhookEventName>>>();

  function on<K extends WebhookEventName>(event: K, handler: WebhookHandler<K>): () => void {
    if (!isKnownEvent(event)) {
      throw new TypeError(`Unknown webhook event "${event}": use one of ${KNOWN_EVENTS.join(', ')}.`);
    }
    const list = handlers.get(event) ?? [];
    list.push(handler as unknown as WebhookHandler<WebhookEventName>);
    handlers.set(event, list);
    return () => {
      const index = list.indexOf(handler as unknown as WebhookHandler<WebhookEventName>);
      if (index !== -1) list.splice(index, 1);
    };
  }

  for (const [event, handler] of Object.entries(options.on ?? {})) {
    if (handler) on(event as WebhookEventName, handler as WebhookHandler<WebhookEventName>);
  }

  async function dispatch(
    event: WebhookEventName,
    payload: WebhookEventMap[WebhookEventName],
    context: WebhookContext,
  ): Promise<WebhookResult | undefined> {
    for (const handler of [...(handlers.get(event) ?? [])]) {
      try {
        await handler(payload, context);
      } catch (error) {
        return failure(
          500,
          `The ${event} handler failed: ${messageOf(error)}. The service will retry the delivery.`,
          event,
        );
      }
    }
    return undefined;
  }

  async function checkServiceKey(headers: HeadersInput): Promise<WebhookResult | undefined> {
    const headerEvent = eventHeaderOf(headers);
    const key = getHeader(headers, WEBHOOK_HEADERS.serviceKey);
    if (key === undefined || key === '') {
      return failure(
        401,
        "Missing x-service-key header: send the webhook secret configured in the project's integration settings.",
        headerEvent,
      );
    }
    if (!(await verifySecret(key, secret))) {
      return failure(
        401,
        'Invalid x-service-key: it does not match the secret this receiver was configured with.',
        headerEvent,
      );
    }
    return undefined;
  }

  async function handle(request: WebhookRequest): Promise<WebhookResult> {
    if (request.method !== undefined && request.method.toUpperCase() !== 'POST')
      return methodNotAllowed(request.method);
    const headerEvent = eventHeaderOf(request.headers);
    const refused = await checkServiceKey(request.headers);
    if (refused) return refused;
    const size =
      typeof request.rawBody === 'string' ? utf8Length(request.rawBody) : request.rawBody.byteLength;
    if (size > maxBodyBytes) return bodyTooLarge(maxBodyBytes, size);

    if (signingSecret !== undefined) {
      try {
        await verifyWebhookSignature({ signingSecret, headers: request.headers, body: request.rawBody, now });
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        const hint =
          error.type === 'signature_mismatch' && request.rawBodyReconstructed
            ? ' The body had already been parsed by a JSON body parser and was re-serialized, which changes its bytes: mount the receiver before express.json(), or keep the raw bytes with express.json({ verify: keepRawBody }).'
            : '';
        return failure(401, `${error.message}${hint}`, headerEvent);
      }
    }

    let text: string;
    try {
      text = typeof request.rawBody === 'string' ? request.rawBody : decoder.decode(request.rawBody);
    } catch {
      return failure(
        400,
        'Request body is not valid UTF-8: send the event payload as UTF-8 encoded JSON.',
        headerEvent,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return failure(
        400,
        'Request body is not valid JSON: send the event payload as a JSON object.',
        headerEvent,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      const kind = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
      return failure(400, `Request body must be a JSON object, got ${kind}.`, headerEvent);
    }
    const body = parsed as Record<string, unknown>;

    const bodyEvent = typeof body.event === 'string' ? body.event : undefined;
    if (headerEvent !== undefined && bodyEvent !== undefined && headerEvent !== bodyEvent) {
      return failure(
        400,
        `The x-service-event header says "${headerEvent}" but the body's event field says "${bodyEvent}": send one event name.`,
        headerEvent,
      );
    }
    // Senders that follow only the spec post the bare article: treat that as content.published.
    const eventName = headerEvent ?? bodyEvent ?? 'content.published';
    if (!isKnownEvent(eventName)) {
      // Answering 2xx keeps a newer service from retrying an event this version cannot act on.
      return { status: 202, body: { success: true, url: '' }, event: eventName };
    }

    const context: WebhookContext = {
      event: eventName,
      deliveryId: getHeader(request.headers, WEBHOOK_HEADERS.delivery),
      webhookId: getHeader(request.headers, WEBHOOK_HEADERS.id) || undefined,
      url: '',
    };
    const timestamp = webhookTimestampOf(request.headers);

    const alreadyApplied = (activeStore: ArticleStore, slug: string) =>
      replayedUrl(activeStore, { webhookId: context.webhookId, timestamp, slug, url: context.url });

    async function rememberApplied(activeStore: ArticleStore): Promise<void> {
      if (context.webhookId !== undefined)
        await activeStore.markApplied?.(context.webhookId, Math.floor(now() / 1000));
    }

    if (eventName === 'content.published' || eventName === 'content.updated') {
      const result = applyArticleDefaults(eventName, body, { authorDefault });
      if (!result.ok) return failure(400, result.error, eventName);
      const article = { ...result.article, content: sanitizeArticleHtml(result.article.content) };
      context.url = articleUrl(siteBaseUrl, article.language, article.slug);
      if (store) {
        const stored: StoredArticle = {
          ...article,
          url: context.url,
          received_at: new Date(now()).toISOString(),
          ...(timestamp === undefined ? {} : { webhook_timestamp: timestamp }),
        };
        try {
          const current = await alreadyApplied(store, article.slug);
          if (current !== undefined) return success(current, eventName);
          await store.upsert(stored);
          await rememberApplied(store);
        } catch (error) {
          return failure(
            500,
            `Could not store the article "${article.slug}": ${messageOf(error)}. The service will retry the delivery.`,
            eventName,
          );
        }
      }
      return (await dispatch(eventName, article, context)) ?? success(context.url, eventName);
    }

    const problems = describePayloadProblems(eventName, body);
    if (problems !== undefined) return failure(400, problems, eventName);
    const payload = knownFields(eventName, body) as WebhookEventMap[typeof eventName];

    if (eventName === 'content.unpublished' || eventName === 'content.deleted') {
      const removal = payload as WebhookEventMap[RemovalEventName];
      context.url = articleUrl(siteBaseUrl, removal.language, removal.slug);
      if (store && removeOn.has(eventName)) {
        try {
          const current = await alreadyApplied(store, removal.slug);
          if (current !== undefined) return success(current, eventName);
          await store.remove(removal.slug);
          if (timestamp !== undefined) await store.markRemoved?.(removal.slug, timestamp);
          await rememberApplied(store);
        } catch (error) {
          return failure(
            500,
            `Could not remove the article "${removal.slug}": ${messageOf(error)}. The service will retry the delivery.`,
            eventName,
          );
        }
      }
    }
    return (await dispatch(eventName, payload, context)) ?? success(context.url, eventName);
  }

  return {
    handle: async (request) => {
      try {
        return await handle(request);
      } catch (error) {
        return failure(500, `The receiver failed: ${messageOf(error)}. The service will retry the delivery.`);
      }
    },
    checkServiceKey,
    on,
    store,
    maxBodyBytes,
  };
}

function eventHeaderOf(headers: HeadersInput): string | undefined {
  return getHeader(headers, WEBHOOK_HEADERS.event)?.trim() || undefined;
}
