import type { ActivityEntry } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ActivityRecord } from '../kernel/records';

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
