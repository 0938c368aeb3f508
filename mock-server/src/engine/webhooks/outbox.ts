import type { WebhookEventName } from '@rankquill/contract';
import type { StoreWriter } from '../../store/store';
import type { EngineContext } from '../kernel/context';
import type { JobQueue } from '../kernel/jobs';
import type { DeliveryRecord, ProjectRecord } from '../kernel/records';
import type { ActivityService } from './activity';
import { storeDeliveryBody } from './delivery-bodies';

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
      // The one under way may have been superseded: the next in line goes.
      if (!project.webhook) await startNextInLine(tx, this.ctx.jobs, event.contentId, at);
    }
    let deliveryId: string | null = null;
    if (project.webhook) {
      const { id, seq } = await this.ctx.ids.next(tx, 'dlv');
      deliveryId = id;
      const contentId = event.contentId ?? null;
      const delivery: DeliveryRecord = {
        id,
        seq,
        project_id: project.id,
        content_id: contentId,
        event: event.event,
        status: 'pending',
        attempts: 0,
        // An event about a content item joins that item's line; any other goes now.
        next_attempt_at: contentId === null ? at : null,
        last_status: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      };
      await tx.insert('deliveries', { ...delivery });
      await storeDeliveryBody(tx, delivery, JSON.stringify(event.body));
      if (contentId === null) await this.ctx.jobs.schedule(tx, DELIVERY_JOB, id, at);
      else await startNextInLine(tx, this.ctx.jobs, contentId, at);
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
   * A delivery not tried yet stays in the item's line, ahead of this event, so the receiver sees
   * the article arrive, then leave.
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

/**
 * Deliveries about one content item form a line: one is under way (its next attempt scheduled)
 * while the others wait (`next_attempt_at` null), so the receiver gets an item's events in the
 * order they happened, retries included: `content.published` never overtakes
 * `content.generated`, and `content.deleted` neither. Called when a delivery joins the line and
 * when one ends; when none is under way, the oldest waiting one starts at `at`. The line lives
 * in the store, so it holds across restarts and for any number of runs side by side.
 */
export async function startNextInLine(
  tx: StoreWriter,
  jobs: JobQueue,
  contentId: string,
  at: number,
): Promise<void> {
  const pending = await tx.find<DeliveryRecord>('deliveries', {
    where: { content_id: contentId, status: 'pending' },
  });
  if (pending.some((delivery) => delivery.next_attempt_at !== null)) return;
  const [next] = pending.sort((a, b) => a.seq - b.seq);
  if (!next) return;
  await tx.put('deliveries', { ...next, next_attempt_at: at } satisfies DeliveryRecord);
  await jobs.schedule(tx, DELIVERY_JOB, next.id, at);
}
