import { WEBHOOK_HEADERS } from '@rankquill/contract/webhooks';
import { getHeader, type HeadersInput } from './headers';
import type { ArticleStore } from './stores/article-store';

/**
 * How long the built-in stores remember the `webhook-id` of a delivery they applied, at least:
 * twice the 5-minute signature tolerance, so a replay within the tolerance is always recognized.
 */
export const REPLAY_MEMORY_SECONDS = 600;

/**
 * The delivery's `webhook-timestamp` in Unix seconds, or undefined when absent or not ASCII
 * digits forming a safe integer (such a header is ignored without a signing secret, and refused
 * by the signature check with one).
 */
export function webhookTimestampOf(headers: HeadersInput): number | undefined {
  const value = getHeader(headers, WEBHOOK_HEADERS.timestamp);
  if (value === undefined || !/^[0-9]{1,16}$/.test(value)) return undefined;
  const seconds = Number(value);
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}

/**
 * The URL to answer when a delivery must change nothing, or undefined to apply it: its
 * `webhook-id` was applied already, or the slug was last written, or removed (its tombstone), by
 * a newer delivery. The URL is the stored article's, else the one the delivery would answer.
 *
 * @example
 * ```ts
 * await replayedUrl(store, { webhookId: 'msg_A', timestamp: 1767259800, slug: 'cold-brew', url: '/en/resources/blog/cold-brew' });
 * ```
 */
export async function replayedUrl(
  store: ArticleStore,
  delivery: { webhookId: string | undefined; timestamp: number | undefined; slug: string; url: string },
): Promise<string | undefined> {
  const { webhookId, timestamp, slug, url } = delivery;
  const replayed = webhookId !== undefined && (await store.isApplied?.(webhookId)) === true;
  if (!replayed && timestamp === undefined) return undefined;
  const current = await store.get(slug);
  if (replayed) return current?.url ?? url;
  if (timestamp === undefined) return undefined;
  // A removed slug keeps the timestamp of its removal: an older update must not bring it back.
  const newest = current ? current.webhook_timestamp : await store.tombstoneOf?.(slug);
  if (newest === undefined) return undefined;
  return timestamp < newest ? (current?.url ?? url) : undefined;
}
