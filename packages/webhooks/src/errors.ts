/** Why a signed delivery was rejected. */
export type WebhookVerificationErrorType =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_outside_tolerance'
  | 'signature_mismatch';

/**
 * Thrown by `verifyWebhookSignature` when a delivery's Standard Webhooks headers do not prove
 * that it comes, unchanged and recently, from the holder of the secret. `type` is stable;
 * the message says what was wrong and how to fix it.
 * @example
 * ```ts
 * try {
 *   await verifyWebhookSignature({ signingSecret, headers, body });
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) console.log(error.message);
 * }
 * ```
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly type: WebhookVerificationErrorType,
    message: string,
  ) {
    super(message);
  }
}
