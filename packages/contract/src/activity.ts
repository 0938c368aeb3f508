import { z } from 'zod';
import { Timestamp } from './common';
import { named, openEnum } from './registry';

/**
 * Kinds of activity entry: the content lifecycle events of spec 6 (recorded whether or not a
 * webhook is set), and the outcome of each webhook delivery.
 */
export const ACTIVITY_TYPES = [
  'content.generated',
  'content.published',
  'content.updated',
  'content.unpublished',
  'content.deleted',
  'keyword.ranking_changed',
  'ai_visibility.mention_detected',
  'webhook.delivery_succeeded',
  'webhook.delivery_failed',
  'webhook.delivery_superseded',
] as const;
export const ActivityType = openEnum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

export const ActivityEntry = named(
  'ActivityEntry',
  "An entry of a project's activity feed. Delivery entries carry the delivery's id, event, number of attempts and the last answer or error; a delivery is `webhook.delivery_failed` after its third retry failed, and `webhook.delivery_superseded` when a later delivery of the same content item was attempted before it succeeded (it is not sent again).",
  z.object({
    id: z.string().describe('Activity id, `act_…`.'),
    project_id: z.string(),
    type: ActivityType,
    event: z
      .string()
      .nullable()
      .describe('The webhook event the entry is about, such as `content.published`.'),
    content_id: z.string().nullable().describe('The content item concerned, when there is one.'),
    delivery_id: z
      .string()
      .nullable()
      .describe(
        'The delivery (`dlv_…`, sent as `x-service-delivery`); for lifecycle entries, the one queued for the event, or null when the project has no webhook.',
      ),
    attempts: z.number().int().nullable().describe('Attempts made; delivery entries only.'),
    last_status: z
      .number()
      .int()
      .nullable()
      .describe('HTTP status of the last answer; null when the receiver gave none (network error, timeout).'),
    last_error: z.string().nullable().describe('Why the last attempt failed; null after a success.'),
    message: z.string().describe('One line for people.'),
    created_at: Timestamp,
  }),
);
export type ActivityEntry = z.infer<typeof ActivityEntry>;
