import type { StoreSchema } from '../../store/store';

/**
 * The engine's tables and the columns its queries filter and order on. Every list has an index
 * that serves its filter and order, and `counted` groups for the filters of its `total`, so a
 * first page costs the same at 100 rows as at 100,000 (a filter on a date range counts the rows in
 * the range).
 */
export const engineSchema = {
  meta: { columns: [] },
  accounts: { columns: ['api_key_hash'], indexes: [['api_key_hash']] },
  projects: {
    columns: ['account_id', 'public_api_key', 'seq'],
    indexes: [['account_id', 'seq'], ['public_api_key']],
    counted: [['account_id']],
  },
  content: {
    // `published_url` lets a delivery's answer be checked against the article without reading it.
    columns: ['project_id', 'status', 'slug', 'published_at', 'seq', 'published_url'],
    indexes: [
      ['project_id', 'status', 'published_at', 'seq'],
      ['project_id', 'status', 'seq'],
      ['project_id', 'seq'],
      ['project_id', 'slug'],
    ],
    counted: [['project_id'], ['project_id', 'status']],
  },
  jobs: {
    columns: ['due_at', 'seq', 'kind', 'subject_id', 'lane', 'available_at', 'claimed_until'],
    // Claims read a lane's (or every lane's) claimable jobs in order, without sorting them.
    indexes: [['due_at', 'seq'], ['subject_id'], ['lane', 'available_at', 'seq'], ['available_at', 'seq']],
  },
  deliveries: {
    columns: ['project_id', 'status', 'seq', 'content_id'],
    indexes: [
      ['project_id', 'seq'],
      ['content_id', 'status'],
    ],
    counted: [['project_id']],
  },
  /** What each delivery sends, apart from its often rewritten row. */
  delivery_bodies: { columns: ['project_id'], indexes: [['project_id']] },
  activity: {
    columns: ['project_id', 'created_at', 'seq'],
    indexes: [['project_id', 'created_at', 'seq']],
    counted: [['project_id']],
  },
  idempotency: { columns: ['expires_at'], indexes: [['expires_at']] },
  /** Browsers signed in to the dashboard, by a hash of their session cookie. */
  sign_in_sessions: {
    columns: ['api_key_hash', 'last_seen_at'],
    indexes: [['last_seen_at'], ['api_key_hash', 'last_seen_at']],
  },
  /**
   * Failed attempts inside the throttle's minute: dashboard sign-ins per client address and key
   * prefix, wrong main API keys per client address (`AttemptThrottle`).
   */
  sign_in_attempts: {
    columns: ['subject', 'at'],
    indexes: [['subject', 'at'], ['at']],
    counted: [['subject']],
  },
  /** One row per main API request still inside its account's rate-limit window. */
  rate_limit_hits: {
    columns: ['account_id', 'at'],
    indexes: [['account_id', 'at']],
    counted: [['account_id']],
  },
  exports: { columns: ['project_id', 'seq'], indexes: [['project_id', 'seq']] },
  export_chunks: { columns: ['export_id', 'index'], indexes: [['export_id', 'index']] },
  keywords: {
    columns: ['project_id', 'seq', 'keyword_key', 'opportunity_score'],
    indexes: [
      ['project_id', 'seq'],
      ['project_id', 'keyword_key'],
      // Opportunities: score descending, then oldest first.
      ['project_id', 'opportunity_score', 'seq desc'],
    ],
    counted: [['project_id']],
  },
  keyword_rankings: {
    columns: ['keyword_id', 'project_id', 'date'],
    indexes: [['keyword_id', 'date'], ['project_id']],
    counted: [['keyword_id']],
  },
  ai_topics: {
    columns: ['project_id', 'seq', 'name_key'],
    indexes: [
      ['project_id', 'seq'],
      ['project_id', 'name_key'],
    ],
    counted: [['project_id']],
  },
  ai_prompts: {
    columns: ['project_id', 'topic_id', 'seq', 'text_key'],
    indexes: [
      ['project_id', 'seq'],
      ['project_id', 'text_key'],
      ['topic_id', 'seq'],
    ],
    counted: [['project_id'], ['project_id', 'topic_id']],
  },
  ai_responses: {
    columns: ['project_id', 'prompt_id', 'topic_id', 'platform', 'date', 'seq'],
    indexes: [
      ['project_id', 'date', 'seq'],
      ['prompt_id', 'date', 'platform'],
      ['prompt_id', 'date', 'seq'],
      ['project_id', 'platform', 'date', 'seq'],
      ['topic_id', 'date', 'seq'],
    ],
    counted: [
      ['project_id'],
      ['project_id', 'prompt_id'],
      ['project_id', 'topic_id'],
      ['project_id', 'platform'],
    ],
  },
} as const satisfies StoreSchema;
