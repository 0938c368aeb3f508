import type { WebhookEventName } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import type { DeliveryRecord, ProjectRecord } from '../kernel/records';
import type { ActivityService } from './activity';

/** Job kind of one delivery attempt; its subject is the delivery id. */
export const DELIVERY_JOB = 'webhook.deliver';

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
  ) {}

  /** Records the event in the activity feed and, when the project has a webhook, queues its delivery. */
  async emit(tx: StoreWriter, project: ProjectRecord, event: OutboxEvent): Promise<void> {
    const at = event.at ?? this.ctx.clock.now();
    if ((event.event === 'content.unpublished' || event.event === 'content.deleted') && event.contentId) {
      await this.supersedeArticleDeliveries(tx, event.contentId, event.event, at);
    }
    let deliveryId: string | null = null;
    if (project.webhook) {
      const { id, seq } = await this.ctx.ids.next(tx, 'dlv');
      deliveryId = id;
      const delivery: DeliveryRecord = {
        id,
        seq,
        project_id: project.id,
        content_id: event.contentId ?? null,
        event: event.event,
        body: JSON.stringify(event.body),
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_status: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      };
      await tx.insert('deliveries', { ...delivery });
      await this.ctx.jobs.schedule(tx, DELIVERY_JOB, id, at);
    }
    await this.activity.record(tx, project.id, {
      type: event.event,
      event: event.event,
      content_id: event.contentId ?? null,
      delivery_id: deliveryId,
      attempts: null,
      last_status: null,
      last_error: null,
      message: event.message,
      at,
    });
  }

  /**
   * Stops the retries of article deliveries (`content.published`, `content.updated`) of an item
   * that has just gone offline, so a late success cannot put it back on the customer's site.
   * A delivery not tried yet still goes first: jobs run in time order, so the receiver sees the
   * article arrive, then leave.
   */
  private async supersedeArticleDeliveries(
    tx: StoreWriter,
    contentId: string,
    event: string,
    at: number,
  ): Promise<void> {
    const pending = await tx.find<DeliveryRecord>('deliveries', {
      where: { content_id: contentId, status: 'pending' },
    });
    for (const delivery of pending) {
      if (delivery.attempts === 0) continue;
      if (delivery.event !== 'content.published' && delivery.event !== 'content.updated') continue;
      await this.ctx.jobs.cancel(tx, delivery.id);
      await tx.put('deliveries', {
        ...delivery,
        status: 'failed',
        next_attempt_at: null,
        last_error: `superseded by ${event} before it was delivered; not retried`,
        updated_at: at,
      } satisfies DeliveryRecord);
    }
  }
}
