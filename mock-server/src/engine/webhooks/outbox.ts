import type { WebhookEventName } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import type { DeliveryRecord, ProjectRecord } from '../kernel/records';
import type { ActivityService } from './activity';
import { storeDeliveryBody } from './delivery-bodies';
import { DELIVERY_JOB, type ItemDeliveryOrder } from './item-order';

export { DELIVERY_JOB };

/** An event of the service (spec 6), as the outbox takes it. */
export interface OutboxEvent {
  event: WebhookEventName;
  /** The JSON body to deliver. */
  body: unknown;
  /** The content item the event is about; absent for keyword and AI-visibility events. */
  contentId?: string;
  /** Activity feed line. */
  message: string;
  /** Instant of the event; defaults to the clock's now (back-dated demo data passes its own). */
  at?: number;
}

/**
 * The durable webhook outbox. `emit` runs inside the transaction of the state change it
 * reports, so the change, its activity entry and its delivery land together or not at all,
 * and a crash can lose neither.
 */
export class WebhookOutbox {
  constructor(
    private readonly ctx: EngineContext,
    private readonly activity: ActivityService,
    private readonly order: ItemDeliveryOrder,
  ) {}

  /**
   * Records the event in the activity feed and, when the project has a webhook, queues its
   * delivery, due at once (see `ItemDeliveryOrder` for the deliveries of one content item).
   */
  async emit(tx: StoreWriter, project: ProjectRecord, event: OutboxEvent): Promise<void> {
    const at = event.at ?? this.ctx.clock.now();
    const contentId = event.contentId ?? null;
    const next = project.webhook ? await this.ctx.ids.next(tx, 'dlv') : null;
    // The event's entry first: the feed lists what it supersedes after it.
    await this.activity.record(tx, project.id, {
      type: event.event,
      event: event.event,
      content_id: contentId,
      delivery_id: next?.id ?? null,
      attempts: null,
      last_status: null,
      last_error: null,
      message: event.message,
      at,
    });
    if (!project.webhook || !next) {
      // The item's state moved on: a retry left from when the webhook was set would send an older one.
      if (contentId !== null) await this.order.admit(tx, contentId, { id: null, event: event.event }, '');
      return;
    }
    const { id, seq } = next;
    const waits =
      contentId !== null &&
      (await this.order.admit(tx, contentId, { id, event: event.event }, project.webhook.url));
    const delivery: DeliveryRecord = {
      id,
      seq,
      project_id: project.id,
      content_id: contentId,
      event: event.event,
      status: 'pending',
      attempts: 0,
      // Waits for the attempt of the same content item under way, if there is one.
      next_attempt_at: waits ? null : at,
      last_status: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    };
    await tx.insert('deliveries', { ...delivery });
    await storeDeliveryBody(tx, delivery, JSON.stringify(event.body));
    if (!waits) await this.ctx.jobs.schedule(tx, DELIVERY_JOB, id, at);
  }
}
