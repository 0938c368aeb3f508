import { z } from 'zod';
import { Timestamp } from './common';
import { named, openEnum } from './registry';

/** How long the answer excerpt of a delivery attempt is, at most, in characters. */
export const DELIVERY_ANSWER_EXCERPT_CHARS = 200;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'superseded'] as const;
export const DeliveryStatus = openEnum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryAttempt = named(
  'DeliveryAttempt',
  'One attempt of a webhook delivery.',
  z.object({
    at: Timestamp.describe('When the attempt was made, on the server clock.'),
    status: z
      .number()
      .int()
      .nullable()
      .describe(
        "The receiver's HTTP status; null when it gave none (network error, timeout) or nothing was sent (see `error`).",
      ),
    error: z.string().nullable().describe('Null when the receiver answered 2xx; otherwise what went wrong.'),
    answer: z
      .string()
      .describe(
        `The first ${DELIVERY_ANSWER_EXCERPT_CHARS} characters of the receiver's answer; empty when there was none.`,
      ),
  }),
);
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const Delivery = named(
  'Delivery',
  "One event delivered, or being delivered, to the project's webhook, with its attempts. Each event's first attempt leaves when it happens; of one content item only one attempt is under way at a time, in the order of the events, and a later event supersedes an earlier one not delivered yet.",
  z.object({
    id: z
      .string()
      .describe(
        'Delivery id, `dlv_…`: sent as `x-service-delivery` and `webhook-id`, the same on every attempt.',
      ),
    project_id: z.string(),
    event: z.string().describe('The event, such as `content.published`.'),
    content_id: z.string().nullable().describe('The content item the event is about, when there is one.'),
    test: z
      .boolean()
      .describe('A delivery of the Test action: one attempt, no retry, not in the activity feed.'),
    status: DeliveryStatus.describe(
      '`pending` until an attempt succeeds (`succeeded`) or the last retry fails (`failed`); `superseded` when a later delivery of the same content item was attempted before this one succeeded: it is not sent again, so the receiver never gets an older state of the item after a newer one.',
    ),
    attempt_count: z.number().int().describe('Attempts made so far.'),
    attempts: z
      .array(DeliveryAttempt)
      .describe('The latest attempts, oldest first (at most 10; `attempt_count` counts them all).'),
    next_attempt_at: Timestamp.nullable().describe(
      'When the next attempt is due; null when none is scheduled: finished, or waiting for the attempt under way of an earlier delivery of the same content item.',
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type Delivery = z.infer<typeof Delivery>;
