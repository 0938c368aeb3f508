/**
 * Rows as the engine stores them. Times are milliseconds since the epoch; the API layer
 * turns them into ISO strings. `seq` orders rows created at the same instant.
 */

export interface AccountRecord {
  id: string;
  seq: number;
  plan: string;
  rate_limit: number;
  api_key_hash: string;
  created_at: number;
}

export interface ProjectRecord {
  id: string;
  seq: number;
  account_id: string;
  name: string;
  domain: string;
  language: string;
  brand_names: string[];
  public_api_key: string;
  /** The customer's webhook; the secret is kept as entered because it is sent verbatim. Absent in rows written before webhooks existed. */
  webhook?: WebhookSettings | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookSettings {
  url: string;
  secret: string;
  /**
   * `whsec_` + base64 of the HMAC key that signs deliveries, generated when the webhook is first
   * set. Absent for a webhook set before the service generated them, until it is rotated.
   */
  signing_secret?: string;
  /** The signing secret a rotation replaced: deliveries carry its signature too until `previous_signing_secret_expires_at`. */
  previous_signing_secret?: string | null;
  previous_signing_secret_expires_at?: number | null;
}

export interface ContentRecord {
  id: string;
  seq: number;
  project_id: string;
  status: 'generating' | 'draft' | 'published' | 'failed';
  keyword: string;
  type: string;
  length: number;
  auto_publish: boolean;
  title: string | null;
  slug: string | null;
  content: string | null;
  content_text: string | null;
  excerpt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string[];
  featured_image: string | null;
  author: string | null;
  canonical_url: string;
  word_count: number | null;
  failure_reason: string | null;
  estimated_completion: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  /** URL the webhook receiver answered for the article; absent in rows written before webhooks existed. */
  published_url?: string | null;
}

/** Work that falls due at an instant: finishing a generation, a webhook retry, a rank check. */
export interface JobRecord {
  id: string;
  seq: number;
  kind: string;
  subject_id: string;
  due_at: number;
  /** The lane of background work (`network`, `export`); absent (null) for work that runs on the request path. */
  lane?: 'network' | 'export' | null;
  /**
   * When a server may claim the job: `due_at`, or while a server holds it, the end of that claim.
   * Absent in rows written before claims existed (the queue fills it in on start).
   */
  available_at?: number;
  /** While a server runs the job: the end of its claim, after which another server may run the job. */
  claimed_until?: number | null;
  /** The server holding the claim. */
  claimed_by?: string;
}

/** One attempt of a delivery, as the deliveries list shows it. */
export interface DeliveryAttemptRecord {
  /** Server-clock instant of the attempt. */
  at: number;
  /** The receiver's HTTP status; null when it gave none (or nothing was sent). */
  status: number | null;
  error: string | null;
  /** The first characters of the receiver's answer. */
  answer: string;
}

/**
 * One event to deliver to a project's webhook: the outbox row. Its `DeliveryBodyRecord` holds
 * the exact bytes sent on every attempt; the URL and secret are read from the project at each
 * attempt. A pending delivery about a content item with `next_attempt_at` null waits in the
 * item's line.
 */
export interface DeliveryRecord {
  id: string;
  seq: number;
  project_id: string;
  content_id: string | null;
  event: string;
  /** The body, in rows written before bodies had a table of their own (`delivery_bodies`). */
  body?: string;
  status: 'pending' | 'succeeded' | 'failed' | 'superseded';
  attempts: number;
  /** Instant of the next attempt while pending; the job of that attempt is due then. */
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** Attempts, oldest first (the latest few); absent in rows written before it was kept. */
  attempt_history?: DeliveryAttemptRecord[];
  /** A delivery of the Test action: one attempt, no retry, no activity entry. */
  test?: boolean;
  /** False when the next attempt is the last (a test, a redelivery); absent means the retry policy applies. */
  retry?: boolean;
  /** The later delivery of the same content item that superseded this one (status `superseded`). */
  superseded_by?: string | null;
}

/** The exact bytes a delivery sends, keyed by the delivery's id (see `delivery-bodies.ts`). */
export interface DeliveryBodyRecord {
  id: string;
  project_id: string;
  body: string;
}

/** An entry of a project's activity feed. */
export interface ActivityRecord {
  id: string;
  seq: number;
  project_id: string;
  type: string;
  event: string | null;
  content_id: string | null;
  delivery_id: string | null;
  attempts: number | null;
  last_status: number | null;
  last_error: string | null;
  message: string;
  created_at: number;
}

/** A main API request inside its account's rate-limit window; `id` is the request's id. */
export interface RateLimitHitRecord {
  id: string;
  account_id: string;
  at: number;
}

/**
 * The first answer to an `Idempotency-Key`, replayed for 24 hours. While the first request runs
 * the row holds its claim: `status` null and `claimed_until`, after which another server may run it.
 */
export interface IdempotencyRecord {
  id: string;
  fingerprint: string;
  status: number | null;
  body: unknown;
  expires_at: number;
  claimed_until?: number;
}

export interface MetaRecord {
  id: string;
  value: unknown;
}

/** A tracked keyword with the figures of its latest rank check. */
export interface KeywordRecord {
  id: string;
  seq: number;
  project_id: string;
  /** As sent, trimmed, whitespace collapsed. */
  keyword: string;
  /** `keyword` lower-cased: two keywords of a project never share it. */
  keyword_key: string;
  volume: number;
  position: number | null;
  previous_position: number | null;
  impressions: number;
  clicks: number;
  opportunity_score: number;
  created_at: number;
  /** UTC day (`YYYY-MM-DD`) and instant of the latest check; null only before the first one. */
  last_checked_on: string | null;
  last_checked_at: number | null;
}

/** One daily rank check of a keyword; the id is `<keyword id>@<date>`, so a day is stored once. */
export interface KeywordRankingRecord {
  id: string;
  keyword_id: string;
  project_id: string;
  /** UTC day of the check, `YYYY-MM-DD`. */
  date: string;
  position: number | null;
  /** Position of the keyword's check before this one; null when not ranked or on the first check. */
  previous_position: number | null;
  impressions: number;
  clicks: number;
  volume: number;
  checked_at: number;
}

/** An AI-visibility topic: a group of prompts. */
export interface AiTopicRecord {
  id: string;
  seq: number;
  project_id: string;
  name: string;
  /** `name` folded (lower case, whitespace collapsed): two topics of a project never share it. */
  name_key: string;
  prompt_count: number;
  created_at: number;
}

/** A prompt asked on every AI platform once a day. */
export interface AiPromptRecord {
  id: string;
  seq: number;
  project_id: string;
  topic_id: string;
  text: string;
  /** `text` folded like `AiTopicRecord.name_key`: unique within the project. */
  text_key: string;
  created_at: number;
}

/** A brand mention found in an AI answer. */
export interface AiMentionRecord {
  brand: string;
  matched_text: string;
  excerpt: string;
  /** 1-based sentence number of the answer. */
  position: number;
  /** UTF-16 index in the answer text. */
  offset: number;
}

/** One AI platform's answer to a prompt for one UTC day, with what was found in it. */
export interface AiResponseRecord {
  id: string;
  seq: number;
  project_id: string;
  prompt_id: string;
  topic_id: string;
  platform: string;
  /** UTC day the prompt was asked for, `YYYY-MM-DD`; one answer per prompt, platform and day. */
  date: string;
  ran_at: number;
  text: string;
  mentioned: boolean;
  mentions: AiMentionRecord[];
  cited_urls: string[];
  project_citations: string[];
  created_at: number;
}
