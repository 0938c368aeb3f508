import type { StoreReader, StoreWriter } from '../../store/store';
import type { DeliveryBodyRecord, DeliveryRecord } from '../kernel/records';

/**
 * The bytes a delivery sends, in a row of their own beside the delivery's: written once when the
 * delivery is queued and read once by each attempt, while the delivery's row, rewritten as it
 * starts, is tried and ends, stays a few hundred bytes (an article body is kilobytes).
 */
export async function storeDeliveryBody(
  tx: StoreWriter,
  delivery: Pick<DeliveryRecord, 'id' | 'project_id'>,
  body: string,
): Promise<void> {
  await tx.insert('delivery_bodies', {
    id: delivery.id,
    project_id: delivery.project_id,
    body,
  } satisfies DeliveryBodyRecord);
}

/**
 * The body a delivery sends: from its row in `delivery_bodies`, or, for a delivery queued
 * before bodies had a table of their own, from the delivery's row itself.
 */
export async function deliveryBodyOf(
  store: StoreReader,
  delivery: DeliveryRecord,
): Promise<string | undefined> {
  if (delivery.body !== undefined) return delivery.body;
  return (await store.get<DeliveryBodyRecord>('delivery_bodies', delivery.id))?.body;
}

/** Removes a project's delivery bodies (a step of deleting the project). */
export async function removeProjectDeliveryBodies(tx: StoreWriter, projectId: string): Promise<void> {
  await tx.deleteWhere('delivery_bodies', { project_id: projectId });
}
