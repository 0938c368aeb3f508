export type {
  Condition,
  Query,
  Row,
  Store,
  StoreReader,
  StoreSchema,
  StoreWriter,
  TableSpec,
} from '../store/store';
export { API_KEY_PREFIX } from './accounts';
export { type Clock, isoTime, MANUAL_CLOCK_START, ManualClock } from './clock';
export { GENERATION_JOB, generationSeconds } from './content';
export type { ArticleRequest, ContentGenerator, GeneratedArticle } from './content-generator';
export type { DemoData } from './demo-data';
export { Engine, type EngineOptions } from './engine';
export * from './errors';
export { IDEMPOTENCY_WINDOW_MS } from './idempotency';
export { ALL_LANES, type JobLane } from './jobs';
export { PUBLIC_API_KEY_PREFIX } from './projects';
export { Random } from './random';
export type {
  AccountRecord,
  ActivityRecord,
  ContentRecord,
  DeliveryRecord,
  JobRecord,
  ProjectRecord,
  WebhookSettings,
} from './records';
export { engineSchema } from './schema';
export { TemplateArticleGenerator } from './template-article-generator';
export { MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from './webhook-deliveries';
export { DELIVERY_JOB } from './webhook-outbox';
export { articlePayload } from './webhook-payloads';
export {
  buildWebhookRequest,
  WEBHOOK_USER_AGENT,
  type WebhookAttempt,
  type WebhookHttpRequest,
} from './webhook-request';
export { SAMPLE_ARTICLE_SLUG, type SampleContext, sampleArticle, sampleEvent } from './webhook-samples';
export {
  FetchWebhookSender,
  type FetchWebhookSenderOptions,
  WEBHOOK_TIMEOUT_MS,
  type WebhookAnswer,
  type WebhookSender,
} from './webhook-sender';
export { signWebhookPayload, type WebhookSignatureInput } from './webhook-signature';
