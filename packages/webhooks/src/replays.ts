import { WEBHOOK_HEADERS } from '@rankquill/contract/webhooks';
import { getHeader, type HeadersInput } from './headers';

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
