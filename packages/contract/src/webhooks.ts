/**
 * The part of the contract a webhook receiver needs at run time, without zod: delivery headers,
 * the body limit, signing secrets and the article HTML allow-list. Everything here is exported
 * by `@rankquill/contract` too; a receiver imports it from `@rankquill/contract/webhooks` so that
 * a bundle of it (a worker, an edge function) holds none of the contract's schemas.
 *
 * @example
 * ```ts
 * import { WEBHOOK_HEADERS, WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract/webhooks';
 * const key = request.headers.get(WEBHOOK_HEADERS.serviceKey);
 * ```
 *
 * @module @rankquill/contract/webhooks
 */
export * from './html-allow-list';
export * from './signing-secret';
export * from './webhook-headers';
export * from './webhook-limits';
