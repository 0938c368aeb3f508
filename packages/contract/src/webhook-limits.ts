/**
 * Largest webhook body a receiver reads, in bytes (4 MiB), the same in every language and entry
 * point. It holds the largest delivery the service can send (`largest_delivery_bytes` of
 * `vectors/receiver-limits.json`: about 3.1 MB, when every character of a 500,000-character
 * article is written as a six-byte JSON escape) with room to spare; a larger body answers 413.
 *
 * @example
 * ```ts
 * import { WEBHOOK_MAX_BODY_BYTES } from '@rankquill/contract';
 * if (Number(request.headers['content-length']) > WEBHOOK_MAX_BODY_BYTES) answer(413);
 * ```
 */
export const WEBHOOK_MAX_BODY_BYTES = 4 * 1024 * 1024;
