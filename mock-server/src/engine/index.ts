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
export { API_KEY_PREFIX } from './accounts/accounts';
export {
  ATTEMPT_WINDOW_MS,
  type AttemptRecord,
  AttemptThrottle,
  SIGN_IN_ATTEMPT_LIMIT,
} from './accounts/attempt-throttle';
export { IDEMPOTENCY_WINDOW_MS, type StoredAnswer } from './accounts/idempotency';
export { RateLimitExceeded, type RateLimitState } from './accounts/rate-limiter';
export { type SignInSessionRecord, SignInSessions } from './accounts/sign-in-sessions';
export {
  AiVisibilityService,
  type DailyVisibility,
  type DatePeriod,
  type ResponseRange,
} from './ai-visibility/ai-visibility';
export { type AnswerAnalysis, analyzeAnswer } from './ai-visibility/answer-analysis';
export type { AnswerProvider, AnswerRequest, GeneratedAnswer } from './ai-visibility/answer-provider';
export { citedUrls, findUrls, isOnDomain } from './ai-visibility/citation-extraction';
export { type BrandMention, findBrandMentions } from './ai-visibility/mention-detection';
export { AI_PLATFORM_NAMES, platformName } from './ai-visibility/platform-names';
export {
  AI_VISIBILITY_CATCH_UP_DAYS,
  AI_VISIBILITY_DAILY_JOB,
  AI_VISIBILITY_FIRST_RUN_JOB,
} from './ai-visibility/runs';
export { SCORE_WEIGHTS, type VisibilityMetrics, visibilityMetrics } from './ai-visibility/score';
export { SimulatedAnswerProvider } from './ai-visibility/simulated-answer-provider';
export { GENERATION_JOB, generationSeconds } from './content/content';
export type { ArticleRequest, ContentGenerator, GeneratedArticle } from './content/generator';
export { TemplateArticleGenerator } from './content/template-article-generator';
export { articlePayload } from './content/webhook-payloads';
export type { DemoData } from './demo-data';
export { DEFAULT_DELIVERY_CONCURRENCY, Engine, type EngineOptions } from './engine';
export type { AnswerRecorder } from './kernel/answer-recorder';
export { BackgroundRuns, type BackgroundRunsOptions } from './kernel/background-runs';
export { type Clock, isoTime, MANUAL_CLOCK_START, ManualClock } from './kernel/clock';
export * from './kernel/errors';
export { ALL_LANES, BACKGROUND_LANES, type JobLane } from './kernel/jobs';
export { ALPHANUMERIC, Random } from './kernel/random';
export type {
  AccountRecord,
  ActivityRecord,
  ContentRecord,
  DeliveryRecord,
  JobRecord,
  ProjectRecord,
  WebhookSettings,
} from './kernel/records';
export { engineSchema } from './kernel/schema';
export { type SecretSource, SeededSecrets } from './kernel/secrets';
export { EXPORT_PAGE_SIZE, KeywordService } from './keywords/keywords';
export { type Opportunity, type OpportunityInputs, opportunityOf } from './keywords/opportunity-score';
export { MAX_CATCH_UP_DAYS, RANK_CHECK_JOB } from './keywords/rank-tracker';
export type { RankingObservation, RankingProvider, RankingQuery } from './keywords/ranking-provider';
export { SimulatedRankingProvider } from './keywords/simulated-ranking-provider';
export { PUBLIC_API_KEY_PREFIX } from './projects/projects';
export { SIGNING_SECRET_BYTES, SIGNING_SECRET_OVERLAP_MS } from './projects/webhook-settings';
export type { Caller, FaultAction, FaultRecord } from './test-double/faults';
export type { JournalRecord, RequestArrival } from './test-double/journal';
export { keyFingerprint } from './test-double/key-fingerprint';
export {
  LARGE_BODY_CHARACTERS,
  redactJson,
  redactQuery,
  redactText,
  shownSecret,
} from './test-double/redaction';
export { TestDouble, type TestDoubleOptions } from './test-double/test-double';
export { MAX_ATTEMPT_HISTORY, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from './webhooks/deliveries';
export { EgressPolicy, type EgressPolicyOptions, type Endpoint } from './webhooks/egress';
export { DELIVERY_JOB } from './webhooks/outbox';
export {
  buildWebhookRequest,
  WEBHOOK_USER_AGENT,
  type WebhookAttempt,
  type WebhookHttpRequest,
} from './webhooks/request';
export { SAMPLE_ARTICLE_SLUG, type SampleContext, sampleArticle, sampleEvent } from './webhooks/samples';
export {
  FetchWebhookSender,
  type FetchWebhookSenderOptions,
  redactedUrl,
  refusedAnswer,
  WEBHOOK_TIMEOUT_MS,
  type WebhookAnswer,
  type WebhookSender,
} from './webhooks/sender';
export { signWebhookPayload, type WebhookSignatureInput, type WebhookSigner } from './webhooks/signature';
