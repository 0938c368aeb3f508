import { createWebhookReceiver, type WebhookReceiver, type WebhookReceiverOptions } from '../receiver';

/** Adapters take a ready receiver, or the options to create one. */
export type ReceiverInput = WebhookReceiver | WebhookReceiverOptions;

export function toReceiver(input: ReceiverInput): WebhookReceiver {
  return typeof (input as WebhookReceiver).handle === 'function'
    ? (input as WebhookReceiver)
    : createWebhookReceiver(input as WebhookReceiverOptions);
}
