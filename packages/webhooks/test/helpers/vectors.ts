import { readFileSync } from 'node:fs';
import type { ArticlePayload } from '@rankquill/contract';
import { expect } from 'vitest';
import type { WebhookReceiverOptions } from '../../src/receiver';
import type { ArticleStore, StoredArticle } from '../../src/stores/article-store';

const vectorsDir = new URL('../../../contract/vectors/', import.meta.url);

function load<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, vectorsDir), 'utf8')) as T;
}

export interface ReceiverConfig {
  secret: string;
  signing_secret: string | null;
  author_default: string;
  site_base_url: string;
  remove_on: Array<'content.unpublished' | 'content.deleted'>;
}

export type VectorArticle = ArticlePayload & { url: string };

export interface DeliveryCase {
  id: string;
  name: string;
  description: string;
  now: number;
  receiver?: Partial<ReceiverConfig>;
  store_before?: VectorArticle[];
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  expected: {
    status: number;
    body: { success: boolean; url: string } | { error: string };
    error_contains?: string[];
    store?: Record<string, VectorArticle | null>;
  };
}

export interface SigningSecretCase {
  name: string;
  signing_secret: string;
  valid: boolean;
  key_hex?: string;
}

export interface SignCase {
  name: string;
  signing_secret: string;
  key_hex: string;
  id: string;
  timestamp: number;
  body: string;
  signed_content: string;
  signature: string;
}

export interface VerifyCase {
  name: string;
  signing_secret: string;
  now: number;
  headers: Record<string, string>;
  body: string;
  valid: boolean;
  error_type?: string;
}

export const deliveries = load<{ receiver: ReceiverConfig; cases: DeliveryCase[] }>('deliveries.json');
export const signatures = load<{
  tolerance_seconds: number;
  signing_secrets: SigningSecretCase[];
  sign: SignCase[];
  verify: VerifyCase[];
}>('signatures.json');

export interface SanitizeCase {
  name: string;
  html: string;
  /** The exact output every language's sanitizer gives. */
  output: string;
  contains: string[];
  not_contains: string[];
}

export const sanitizeVectors = load<{ cases: SanitizeCase[] }>('sanitize.json');

export interface ArticlePageCase {
  name: string;
  article: ArticlePayload;
  html: string;
}

export const articlePageVectors = load<{ content_security_policy: string; cases: ArticlePageCase[] }>(
  'article-page.json',
);

export const receiverLimits = load<{ max_body_bytes: number; largest_delivery_bytes: number }>(
  'receiver-limits.json',
);

/** Receiver options for a case: the file's receiver block with the case's overrides and clock. */
export function receiverOptions(
  delivery: DeliveryCase,
  store: ArticleStore,
): WebhookReceiverOptions & { secret: string } {
  const config = { ...deliveries.receiver, ...delivery.receiver };
  return {
    secret: config.secret,
    store,
    siteBaseUrl: config.site_base_url,
    signingSecret: config.signing_secret ?? undefined,
    authorDefault: config.author_default,
    removeOn: config.remove_on,
    now: () => delivery.now * 1000,
  };
}

/** Puts the case's `store_before` articles into the store, received one minute before `now`. */
export async function seed(store: ArticleStore, delivery: DeliveryCase): Promise<void> {
  const received_at = new Date((delivery.now - 60) * 1000).toISOString();
  for (const article of delivery.store_before ?? []) await store.upsert({ ...article, received_at });
}

/** The answer must equal the vector's; `relaxError` accepts a longer message that starts with it. */
export function expectAnswer(
  delivery: DeliveryCase,
  answer: { status: number; body: unknown },
  { relaxError = false } = {},
): void {
  const { expected } = delivery;
  expect(answer.status, delivery.id).toBe(expected.status);
  if ('error' in expected.body && relaxError) {
    const error = (answer.body as { error: string }).error;
    expect(error.startsWith(expected.body.error), `${delivery.id}: ${error}`).toBe(true);
  } else {
    expect(answer.body, delivery.id).toEqual(expected.body);
  }
  for (const fragment of expected.error_contains ?? []) {
    expect((answer.body as { error: string }).error).toContain(fragment);
  }
}

/** The store holds exactly the expected article (or none) for every slug the case names. */
export async function expectStore(store: ArticleStore, delivery: DeliveryCase): Promise<void> {
  for (const [slug, article] of Object.entries(delivery.expected.store ?? {})) {
    const stored = await store.get(slug);
    if (article === null) {
      expect(stored, `${delivery.id}: ${slug} should be absent`).toBeUndefined();
      continue;
    }
    expect(stored, `${delivery.id}: ${slug} should be stored`).toBeDefined();
    const { received_at, webhook_timestamp, ...rest } = stored as StoredArticle;
    expect(rest).toEqual(article);
    const seeded = delivery.store_before?.some(
      (before) => before.slug === slug && JSON.stringify(before) === JSON.stringify(article),
    );
    expect(received_at).toBe(new Date((delivery.now - (seeded ? 60 : 0)) * 1000).toISOString());
  }
}

export interface ReplayStep {
  now: number;
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  expected: { status: number; body: { success: boolean; url: string } | { error: string } };
}

export interface ReplayScenario {
  id: string;
  name: string;
  description: string;
  receiver?: Partial<ReceiverConfig>;
  steps: ReplayStep[];
  expected_store: Record<string, VectorArticle | null>;
}

export const replayVectors = load<{
  remember_ids_seconds: number;
  receiver: ReceiverConfig;
  scenarios: ReplayScenario[];
}>('replays.json');
