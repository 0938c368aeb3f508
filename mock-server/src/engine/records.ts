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
  created_at: number;
  updated_at: number;
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
}

/** Work that falls due at an instant: finishing a generation, a webhook retry, a rank check. */
export interface JobRecord {
  id: string;
  seq: number;
  kind: string;
  subject_id: string;
  due_at: number;
}

export interface IdempotencyRecord {
  id: string;
  fingerprint: string;
  status: number;
  body: unknown;
  expires_at: number;
}

export interface MetaRecord {
  id: string;
  value: unknown;
}
