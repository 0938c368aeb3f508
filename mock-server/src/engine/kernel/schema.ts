import type { StoreSchema } from '../../store/store';

/** The engine's tables and the columns its queries filter and order on. */
export const engineSchema = {
  meta: { columns: [] },
  accounts: { columns: ['api_key_hash'], indexes: [['api_key_hash']] },
  projects: {
    columns: ['account_id', 'public_api_key', 'seq'],
    indexes: [['account_id', 'seq'], ['public_api_key']],
  },
  content: {
    columns: ['project_id', 'status', 'slug', 'published_at', 'seq'],
    indexes: [
      ['project_id', 'status', 'published_at', 'seq'],
      ['project_id', 'seq'],
      ['project_id', 'slug'],
    ],
  },
  jobs: {
    columns: ['due_at', 'seq', 'kind', 'subject_id', 'lane'],
    indexes: [['due_at', 'seq'], ['subject_id'], ['lane', 'due_at', 'seq']],
  },
  deliveries: {
    columns: ['project_id', 'status', 'seq', 'content_id'],
    indexes: [
      ['project_id', 'seq'],
      ['content_id', 'status'],
    ],
  },
  activity: { columns: ['project_id', 'created_at', 'seq'], indexes: [['project_id', 'created_at', 'seq']] },
  idempotency: { columns: ['expires_at'], indexes: [['expires_at']] },
  exports: { columns: ['project_id', 'seq'], indexes: [['project_id', 'seq']] },
  export_chunks: { columns: ['export_id', 'index'], indexes: [['export_id', 'index']] },
  keywords: {
    columns: ['project_id', 'seq', 'keyword_key', 'opportunity_score'],
    indexes: [
      ['project_id', 'seq'],
      ['project_id', 'keyword_key'],
      ['project_id', 'opportunity_score', 'seq'],
    ],
  },
  keyword_rankings: {
    columns: ['keyword_id', 'project_id', 'date'],
    indexes: [['keyword_id', 'date'], ['project_id']],
  },
  ai_topics: {
    columns: ['project_id', 'seq', 'name_key'],
    indexes: [
      ['project_id', 'seq'],
      ['project_id', 'name_key'],
    ],
  },
  ai_prompts: {
    columns: ['project_id', 'topic_id', 'seq', 'text_key'],
    indexes: [
      ['project_id', 'seq'],
      ['project_id', 'text_key'],
      ['topic_id', 'seq'],
    ],
  },
  ai_responses: {
    columns: ['project_id', 'prompt_id', 'topic_id', 'platform', 'date', 'seq'],
    indexes: [
      ['project_id', 'date', 'seq'],
      ['prompt_id', 'date', 'platform'],
      ['project_id', 'platform', 'date'],
      ['topic_id', 'date'],
    ],
  },
} as const satisfies StoreSchema;
