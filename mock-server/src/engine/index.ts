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
export { PUBLIC_API_KEY_PREFIX } from './projects';
export { Random } from './random';
export type { AccountRecord, ContentRecord, JobRecord, ProjectRecord } from './records';
export { engineSchema } from './schema';
export { TemplateArticleGenerator } from './template-article-generator';
