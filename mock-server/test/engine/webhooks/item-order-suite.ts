import { afterEach, describe, expect, it } from 'vitest';
import { generationSeconds } from '../../../src/engine/content/content';
import { Engine } from '../../../src/engine/engine';
import type { BackgroundRuns } from '../../../src/engine/kernel/background-runs';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import { ConflictError } from '../../../src/engine/kernel/errors';
import type { AccountRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import type { WebhookHttpRequest } from '../../../src/engine/webhooks/request';
import type { WebhookAnswer, WebhookSender } from '../../../src/engine/webhooks/sender';
import type { Store, StoreSchema } from '../../../src/store/store';

/** One request as the receiver saw it, with the engine clock's instant. */
interface Received {
  event: string;
  deliveryId: string;
  slug: string | undefined;
  at: number;
}

/**
 * A receiver behind the engine's sender: answers by event, and holds the events in `held` until
 * the test releases them, so the test sees what is in flight at once.
 */
class ScriptedReceiver implements WebhookSender {
  readonly received: Received[] = [];
  /** Two attempts of one item in flight at the same time: must stay empty. */
  readonly overlaps: string[] = [];
  readonly held = new Set<string>();
  private readonly inFlight = new Map<string, number>();
  private readonly gates: Array<() => void> = [];

  constructor(
    private readonly clock: ManualClock,
    private readonly status: (event: string) => number,
  ) {}

  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    const event = request.headers['x-service-event'] as string;
    const slug = (JSON.parse(request.body) as { slug?: string }).slug;
    this.received.push({
      event,
      slug,
      deliveryId: request.headers['webhook-id'] as string,
      at: this.clock.now(),
    });
    const key = slug ?? String(request.headers['webhook-id']);
    if (this.inFlight.get(key)) this.overlaps.push(`${key} ${event}`);
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    if (this.held.has(event)) await new Promise<void>((resolve) => this.gates.push(resolve));
    this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
    const status = this.status(event);
    return {
      status,
      body: status < 300 ? `{"success":true,"url":"/en/resources/blog/${slug}"}` : '',
      error: null,
    };
  }

  /** Lets the held request answer. */
  release(): void {
    for (const release of this.gates.splice(0)) release();
  }

  holding(): number {
    return this.gates.length;
  }

  events(): string[] {
    return this.received.map((request) => request.event);
  }
}

/** Waits (real time, tolerant of a loaded machine) until `condition` holds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A moment for work that should not happen, to show that it did not. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/**
 * The order of the deliveries of one content item, over the engine with `openStore`'s store
 * (memory, SQLite, PostgreSQL): each event's first attempt leaves when the event happens; never
 * two attempts of one item at once; never an older state after a newer one.
 */
export function describeItemOrder(label: string, openStore: (schema: StoreSchema) => Promise<Store>) {
  describe(`deliveries of one content item (${label})`, () => {
    let background: BackgroundRuns | undefined;
    let store: Store | undefined;
    afterEach(async () => {
      await background?.stop();
      await store?.close();
      background = undefined;
      store = undefined;
    });

    /** An engine with its background runs, a project with a webhook, and a draft that is generating. */
    async function setUp(status: (event: string) => number) {
      const clock = new ManualClock(MANUAL_CLOCK_START);
      const receiver = new ScriptedReceiver(clock, status);
      store = await openStore(engineSchema);
      const engine = await Engine.open({
        store,
        seed: 24,
        clock,
        demo: false,
        webhookSender: receiver,
      });
      const created = await engine.accounts.create({ plan: 'agencies' });
      const account: AccountRecord = await engine.accounts.authenticate(created.api_key);
      const project = await engine.projects.create(account, { name: 'Order', domain: 'order.example' });
      await engine.projects.update(account, project.id, {
        webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_order' },
      });
      const draft = await engine.content.create(account, project.id, { keyword: 'item order', length: 300 });
      background = engine.startBackgroundWork();
      const listed = async () => (await engine.webhooks.list(account, project.id, { limit: 100 })).data;
      const statuses = async () => (await listed()).map((delivery) => [delivery.event, delivery.status]);
      return {
        engine,
        clock,
        receiver,
        account,
        projectId: project.id,
        contentId: draft.id,
        listed,
        statuses,
      };
    }

    it('a receiver that refuses every event: each event leaves when it happens, the earlier one is superseded, the last keeps +0, +1, +6, +36 minutes', async () => {
      const { engine, clock, receiver, account, projectId, contentId, listed, statuses } = await setUp(
        () => 500,
      );
      await engine.advance(generationSeconds(300));
      expect(receiver.events()).toEqual(['content.generated']);

      await engine.content.publish(account, projectId, contentId);
      await until(() => receiver.received.length === 2, 'content.published leaves, with no advance');
      await background?.idle();
      const published = await engine.content.update(account, projectId, contentId, {
        title: 'Refused everywhere',
      });
      await until(() => receiver.received.length === 3, 'content.updated leaves, with no advance');
      const updatedAt = clock.now();
      await background?.idle();
      expect(await statuses()).toEqual([
        ['content.updated', 'pending'],
        ['content.published', 'superseded'],
        ['content.generated', 'superseded'],
      ]);

      await engine.advance(24 * 3600);
      expect(receiver.events()).toEqual([
        'content.generated',
        'content.published',
        'content.updated',
        'content.updated',
        'content.updated',
        'content.updated',
      ]);
      const updates = receiver.received.filter((request) => request.event === 'content.updated');
      expect(updates.map((request) => (request.at - updatedAt) / 60_000)).toEqual([0, 1, 6, 36]);
      expect(new Set(updates.map((request) => request.deliveryId)).size).toBe(1);
      expect(receiver.overlaps).toEqual([]);
      const [updated, publishedDelivery, generated] = await listed();
      expect(updated).toMatchObject({ status: 'failed', attempt_count: 4, next_attempt_at: null });
      expect(publishedDelivery).toMatchObject({
        status: 'superseded',
        attempt_count: 1,
        next_attempt_at: null,
      });
      expect(generated).toMatchObject({ status: 'superseded', attempt_count: 1, next_attempt_at: null });

      const feed = (await engine.activity.list(account, projectId, { limit: 100 })).data.filter((entry) =>
        entry.type.startsWith('webhook.'),
      );
      expect(feed.map((entry) => [entry.type, entry.event, entry.attempts])).toEqual([
        ['webhook.delivery_failed', 'content.updated', 4],
        ['webhook.delivery_superseded', 'content.published', 1],
        ['webhook.delivery_superseded', 'content.generated', 1],
      ]);
      expect(feed[1]?.message).toContain(`superseded by content.updated (${updated?.id})`);
      expect(feed[1]?.delivery_id).toBe(publishedDelivery?.id);
      expect(published.title).toBe('Refused everywhere');

      // Redelivering a superseded delivery is refused, naming the reason and the item's latest.
      const refusal = engine.webhooks.redeliver(account, projectId, generated?.id ?? '');
      await expect(refusal).rejects.toThrow(ConflictError);
      await expect(refusal).rejects.toThrow(
        new RegExp(
          `superseded by delivery ${publishedDelivery?.id}.*older state.*Redeliver the item's latest delivery, ${updated?.id}`,
        ),
      );
    });

    it('a receiver that refuses only content.generated: content.published leaves and lands when the article is published', async () => {
      const { engine, receiver, account, projectId, contentId, listed, statuses } = await setUp((event) =>
        event === 'content.generated' ? 400 : 200,
      );
      await engine.advance(generationSeconds(300));
      await engine.content.publish(account, projectId, contentId);
      await until(() => receiver.received.length === 2, 'content.published leaves, with no advance');
      await background?.idle();
      const item = await engine.content.retrieve(account, projectId, contentId);
      expect(item.published_url).toBe(`/en/resources/blog/${item.slug}`);
      expect(await statuses()).toEqual([
        ['content.published', 'succeeded'],
        ['content.generated', 'superseded'],
      ]);
      await engine.content.update(account, projectId, contentId, { title: 'Second state' });
      await engine.advance(24 * 3600);
      // The generated retries never come: the receiver has a newer state.
      expect(receiver.events()).toEqual(['content.generated', 'content.published', 'content.updated']);

      const [updated, published, generated] = await listed();
      expect(updated).toMatchObject({ status: 'succeeded' });
      // Only the item's latest delivery can be sent again.
      await expect(engine.webhooks.redeliver(account, projectId, published?.id ?? '')).rejects.toThrow(
        new RegExp(`not the latest.*older state.*${updated?.id}`),
      );
      await expect(engine.webhooks.redeliver(account, projectId, generated?.id ?? '')).rejects.toThrow(
        /superseded/,
      );
      const again = await engine.webhooks.redeliver(account, projectId, updated?.id ?? '');
      expect(again).toMatchObject({ id: updated?.id, status: 'pending' });
      await until(() => receiver.received.length === 4, 'the redelivery leaves');
      expect(receiver.received[3]).toMatchObject({ event: 'content.updated', deliveryId: updated?.id });
    });

    it('a slow receiver: never two attempts of one item at once, the next event leaves as the attempt under way ends, in order', async () => {
      const { engine, clock, receiver, account, projectId, contentId, statuses } = await setUp((event) =>
        event === 'content.generated' ? 503 : 200,
      );
      receiver.held.add('content.generated');
      receiver.held.add('content.published');
      // Generation ends on the clock; its delivery is taken up in the background and held.
      clock.set(clock.now() + generationSeconds(300) * 1000);
      await engine.tick();
      await until(() => receiver.holding() === 1, 'content.generated is in flight');
      await engine.content.publish(account, projectId, contentId);
      await engine.content.update(account, projectId, contentId, { title: 'While it was slow' });
      await settle();
      expect(receiver.events()).toEqual(['content.generated']);
      expect(await statuses()).toEqual([
        ['content.updated', 'pending'],
        ['content.published', 'pending'],
        ['content.generated', 'pending'],
      ]);

      receiver.release(); // generated fails: published goes at once, instead of its retry
      await until(() => receiver.holding() === 1, 'content.published is in flight');
      expect(receiver.events()).toEqual(['content.generated', 'content.published']);
      await settle();
      expect(receiver.events()).toHaveLength(2);
      receiver.release();
      await until(() => receiver.received.length === 3, 'content.updated leaves');
      await background?.idle();
      await engine.advance(24 * 3600);
      expect(receiver.events()).toEqual(['content.generated', 'content.published', 'content.updated']);
      expect(receiver.overlaps).toEqual([]);
      expect(await statuses()).toEqual([
        ['content.updated', 'succeeded'],
        ['content.published', 'succeeded'],
        ['content.generated', 'superseded'],
      ]);
    });
  });
}
