import type { StoreWriter } from '../../store/store';
import type { DeliveryRecord } from '../kernel/records';
import type { ActivityService } from './activity';

/**
 * Records how a delivery ended in its project's activity feed: succeeded, failed after its last
 * retry, or superseded by `by`, a later delivery of the same content item (not sent again).
 */
export async function recordDeliveryOutcome(
  activity: ActivityService,
  tx: StoreWriter,
  delivery: DeliveryRecord,
  url: string,
  by?: { id: string | null; event: string },
  at?: number,
): Promise<void> {
  const tries = `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`;
  const to = url || 'the webhook';
  let type: 'webhook.delivery_succeeded' | 'webhook.delivery_failed' | 'webhook.delivery_superseded';
  let message: string;
  if (delivery.status === 'succeeded') {
    type = 'webhook.delivery_succeeded';
    message = `Delivered ${delivery.event} to ${url} (HTTP ${delivery.last_status}) after ${tries}.`;
  } else if (delivery.status === 'superseded') {
    type = 'webhook.delivery_superseded';
    const later = by?.id
      ? `${by.event} (${by.id})`
      : `${by?.event ?? 'a later event'}, which the project has no webhook for,`;
    message = `Delivery of ${delivery.event} to ${to} superseded by ${later} after ${tries}: it is not sent again, so the receiver never gets an older state of the item after a newer one.${
      delivery.last_error ? ` Last error: ${delivery.last_error}` : ''
    }`;
  } else {
    type = 'webhook.delivery_failed';
    message = `Delivery of ${delivery.event} to ${to} failed after ${tries}: ${delivery.last_error}`;
  }
  await activity.record(tx, delivery.project_id, {
    type,
    event: delivery.event,
    content_id: delivery.content_id,
    delivery_id: delivery.id,
    attempts: delivery.attempts,
    last_status: delivery.last_status,
    last_error: delivery.last_error,
    message,
    at,
  });
}
