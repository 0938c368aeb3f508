import type { StoreWriter } from '../../store/store';
import type { JobQueue } from '../kernel/jobs';
import type { DeliveryRecord } from '../kernel/records';
import type { ActivityService } from './activity';
import { recordDeliveryOutcome } from './delivery-outcome';

/** Job kind of one delivery attempt; its subject is the delivery id. */
export const DELIVERY_JOB = 'webhook.deliver';

/** What supersedes an earlier delivery: the later delivery, or an event the project has no webhook for. */
export interface Superseder {
  id: string | null;
  event: string;
}

/**
 * The order of the deliveries about one content item, kept in the store. Each event's first
 * attempt leaves when the event happens, whatever became of the item's earlier deliveries, with
 * two exceptions that keep the receiver's copy of the item right:
 *
 * - never two attempts of one item at once: while an attempt of the item is under way (or due,
 *   its job waiting for a free slot), a new delivery waits (`next_attempt_at` null) and starts as
 *   soon as that attempt ends, the oldest waiting one first;
 * - an older state never arrives after a newer one: an earlier delivery that has not succeeded is
 *   superseded once a later one is attempted. One waiting for a retry is superseded when the later
 *   event happens (its retry job dropped); one whose attempt is under way is superseded when that
 *   attempt fails with the later delivery waiting (see `WebhookDeliveryService`).
 *
 * A superseded delivery is never sent again, redelivery included.
 */
export class ItemDeliveryOrder {
  constructor(
    private readonly jobs: JobQueue,
    private readonly activity: ActivityService,
    /** The engine clock's current instant, read inside the transaction. */
    private readonly now: () => number,
  ) {}

  /**
   * Makes way for a delivery of `contentId` that should leave now: supersedes the item's pending
   * deliveries that wait for a retry, and answers whether an attempt of the item is under way or
   * due, so that the new delivery waits for it. `url` names the webhook in the activity feed.
   */
  async admit(tx: StoreWriter, contentId: string, by: Superseder, url: string): Promise<boolean> {
    const now = this.now();
    const pending = await tx.find<DeliveryRecord>('deliveries', {
      where: { content_id: contentId, status: 'pending' },
    });
    let underWay = false;
    for (const earlier of pending) {
      if (earlier.id === by.id) continue;
      // Waiting behind an attempt, or due: that attempt goes first.
      if (earlier.next_attempt_at === null || earlier.next_attempt_at <= now) {
        underWay = true;
        continue;
      }
      // A retry ahead: dropped, unless a run (another server's clock may be ahead) holds it already.
      if (!(await this.jobs.cancelUnclaimed(tx, earlier.id, DELIVERY_JOB))) {
        underWay = true;
        continue;
      }
      await this.supersede(tx, earlier, by, url, now);
    }
    return underWay;
  }

  /** The item's oldest delivery waiting for an attempt to end, if any. */
  async nextWaiting(tx: StoreWriter, contentId: string): Promise<DeliveryRecord | undefined> {
    const pending = await tx.find<DeliveryRecord>('deliveries', {
      where: { content_id: contentId, status: 'pending' },
    });
    return pending.filter((delivery) => delivery.next_attempt_at === null).sort((a, b) => a.seq - b.seq)[0];
  }

  /** Starts a waiting delivery's attempt at `at`. */
  async start(tx: StoreWriter, delivery: DeliveryRecord, at: number): Promise<void> {
    await tx.put('deliveries', { ...delivery, next_attempt_at: at } satisfies DeliveryRecord);
    await this.jobs.schedule(tx, DELIVERY_JOB, delivery.id, at);
  }

  private async supersede(
    tx: StoreWriter,
    delivery: DeliveryRecord,
    by: Superseder,
    url: string,
    at: number,
  ): Promise<void> {
    const superseded: DeliveryRecord = {
      ...delivery,
      status: 'superseded',
      next_attempt_at: null,
      superseded_by: by.id,
      updated_at: at,
    };
    await tx.put('deliveries', { ...superseded });
    await recordDeliveryOutcome(this.activity, tx, superseded, url, by, at);
  }
}
