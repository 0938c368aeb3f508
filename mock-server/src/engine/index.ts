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
export {
  AiVisibilityService,
  type DailyVisibility,
  type DatePeriod,
  type ResponseRange,
} from './ai-visibility';
export {
  AI_VISIBILITY_CATCH_UP_DAYS,
  AI_VISIBILITY_DAILY_JOB,
  AI_VISIBILITY_FIRST_RUN_JOB,
} from './ai-visibility-runs';
export { SCORE_WEIGHTS, type VisibilityMetrics, visibilityMetrics } from './ai-visibility-score';
export { type AnswerAnalysis, analyzeAnswer } from './answer-analysis';
export type { AnswerProvider, AnswerRequest, GeneratedAnswer } from './answer-provider';
export { citedUrls, findUrls, isOnDomain } from './citation-extraction';
export { type Clock, isoTime, MANUAL_CLOCK_START, ManualClock } from './clock';
export { GENERATION_JOB, generationSeconds } from './content';
export type { ArticleRequest, ContentGenerator, GeneratedArticle } from './content-generator';
export type { DemoData } from './demo-data';
export { Engine, type EngineOptions } from './engine';
export * from './errors';
export { IDEMPOTENCY_WINDOW_MS } from './idempotency';
export { ALL_LANES, type JobLane } from './jobs';
export { EXPORT_PAGE_SIZE, KeywordService } from './keywords';
export { type BrandMention, findBrandMentions } from './mention-detection';
export { type Opportunity, type OpportunityInputs, opportunityOf } from './opportunity-score';
export { PUBLIC_API_KEY_PREFIX } from './projects';
export { Random } from './random';
export { MAX_CATCH_UP_DAYS, RANK_CHECK_JOB } from './rank-tracker';
export type { RankingObservation, RankingProvider, RankingQuery } from './ranking-provider';
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
export { SimulatedAnswerProvider } from './simulated-answer-provider';
export { SimulatedRankingProvider } from './simulated-ranking-provider';
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
