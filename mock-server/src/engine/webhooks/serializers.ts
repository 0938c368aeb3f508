import type { ActivityEntry, Delivery } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ActivityRecord, DeliveryRecord } from '../kernel/records';

/** The API form of an activity entry. */
export function activityResource(entry: ActivityRecord): ActivityEntry {
  return {
    id: entry.id,
    project_id: entry.project_id,
    type: entry.type,
    event: entry.event,
    content_id: entry.content_id,
    delivery_id: entry.delivery_id,
    attempts: entry.attempts,
    last_status: entry.last_status,
    last_error: entry.last_error,
    message: entry.message,
    created_at: isoTime(entry.created_at),
  };
}

/** The API form of a delivery, with its latest attempts. */
export function deliveryResource(delivery: DeliveryRecord): Delivery {
  return {
    id: delivery.id,
    project_id: delivery.project_id,
    event: delivery.event,
    content_id: delivery.content_id,
    test: delivery.test === true,
    status: delivery.status,
    attempt_count: delivery.attempts,
    attempts: (delivery.attempt_history ?? []).map((attempt) => ({
      at: isoTime(attempt.at),
      status: attempt.status,
      error: attempt.error,
      answer: attempt.answer,
    })),
    next_attempt_at: delivery.next_attempt_at === null ? null : isoTime(delivery.next_attempt_at),
    created_at: isoTime(delivery.created_at),
    updated_at: isoTime(delivery.updated_at),
  };
}
