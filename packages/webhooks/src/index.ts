/**
 * Receiver core that runs anywhere (Web Crypto only): `createWebhookReceiver`, signature
 * helpers, the article HTML sanitizer, the in-memory store and the article page renderer.
 *
 * @module @rankquill/webhooks
 */

export type { WebhookEventMap, WebhookEventName } from '@rankquill/contract';
export { WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract/webhooks';
export { applyArticleDefaults, REQUIRED_ARTICLE_FIELDS } from './article-defaults';
export { ARTICLE_PAGE_CSP, escapeHtml, renderArticlePage } from './article-page';
export { WebhookVerificationError, type WebhookVerificationErrorType } from './errors';
export { getHeader, type HeadersInput, type HeaderValue } from './headers';
export {
  createWebhookReceiver,
  type RemovalEventName,
  type WebhookContext,
  type WebhookHandler,
  type WebhookHandlers,
  type WebhookReceiver,
  type WebhookReceiverOptions,
  type WebhookRequest,
  type WebhookResponseBody,
  type WebhookResult,
} from './receiver';
export { REPLAY_MEMORY_SECONDS } from './replays';
export { sanitizeArticleHtml } from './sanitize-article-html';
export {
  createSignatureHeaders,
  DEFAULT_TOLERANCE_SECONDS,
  type SignatureHeaders,
  type SignatureInput,
  signWebhook,
  type VerifySignatureInput,
  verifyWebhookSignature,
} from './signature';
export type { ArticleStore, StoredArticle } from './stores/article-store';
export { MemoryArticleStore } from './stores/memory';
export { constantTimeEqual, verifySecret } from './verify-secret';
