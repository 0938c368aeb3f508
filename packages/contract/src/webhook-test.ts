import { Delivery } from './deliveries';

/**
 * Answer of POST /projects/:id/webhook/test, which now answers the `Delivery` it queued.
 * @deprecated Use `Delivery`.
 */
export const WebhookTestResult = Delivery;
/** @deprecated Use `Delivery`. */
export type WebhookTestResult = Delivery;
