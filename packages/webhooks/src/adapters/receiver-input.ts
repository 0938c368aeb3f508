import { createWebhookReceiver, type WebhookReceiver, type WebhookReceiverOptions } from '../receiver';

/** Adapters take a ready receiver, or the options to create one. */
export type ReceiverInput = WebhookReceiver | WebhookReceiverOptions;

/**
 * The receiver of an adapter. Created from options, it takes the adapter's `maxBodyBytes`
 * unless the options set their own, so that the receiver accepts what the adapter read.
 */
export function toReceiver(input: ReceiverInput, maxBodyBytes?: number): WebhookReceiver {
  if (typeof (input as WebhookReceiver).handle === 'function') return input as WebhookReceiver;
  const options = input as WebhookReceiverOptions;
  return createWebhookReceiver(
    maxBodyBytes === undefined || options.maxBodyBytes !== undefined ? options : { ...options, maxBodyBytes },
  );
}
