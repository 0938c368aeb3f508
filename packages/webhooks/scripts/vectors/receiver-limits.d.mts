import type { ArticlePayload } from '@rankquill/contract';

/** The article of the largest delivery the service can send. */
export function largestArticle(): ArticlePayload;
/** Bytes of a delivery's body carrying `article`. */
export function deliveryBytes(article: ArticlePayload): number;
export function receiverLimits(maxBodyBytes: number): {
  description: string;
  max_body_bytes: number;
  largest_delivery_bytes: number;
};
