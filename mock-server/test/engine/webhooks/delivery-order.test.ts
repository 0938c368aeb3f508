import { afterEach, describe, expect, it } from 'vitest';
import { generationSeconds } from '../../../src/engine/content/content';
import { Engine } from '../../../src/engine/engine';
import type { BackgroundRuns } from '../../../src/engine/kernel/background-runs';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import type { AccountRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import type { WebhookHttpRequest } from '../../../src/engine/webhooks/request';
import type { WebhookAnswer, WebhookSender } from '../../../src/engine/webhooks/sender';
import { createMemoryStore } from '../../../src/store/memory';

/** A receiver whose answers the test releases one by one, so it sees what is in flight at once. */
class GatedSender implements WebhookSender {
  readonly started: WebhookHttpRequest[] = [];
  readonly finished: WebhookHttpRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Events of one content item in flight at the same time: must stay empty. */
  readonly overlaps: string[] = [];
  private readonly itemsInFlight = new Map<string, number>();
  private readonly gates: Array<() => void> = [];
  answer: (request: WebhookHttpRequest) => WebhookAnswer = () => ({ status: 200, body: '{}', error: null });
  gated = true;

  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    const item = itemOf(request);
    this.started.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    if (item) {
      if (this.itemsInFlight.get(item)) this.overlaps.push(`${item} ${eventOf(request)}`);
      this.itemsInFlight.set(item, (this.itemsInFlight.get(item) ?? 0) + 1);
    }
    if (this.gated) await new Promise<void>((resolve) => this.gates.push(resolve));
    this.inFlight--;
    if (item) this.itemsInFlight.set(item, (this.itemsInFlight.get(item) ?? 1) - 1);
    this.finished.push(request);
    return this.answer(request);
  }

  /** Lets every request waiting now answer. */
  releaseAll(): void {
    for (const release of this.gates.splice(0)) release();
  }

  waiting(): number {
    return this.gates.length;
  }
}

function eventOf(request: WebhookHttpRequest): string {
  return request.headers['x-service-event'] as string;
}

/** Every content event's body names the item's slug (an article payload has no content_id). */
function itemOf(request: WebhookHttpRequest): string | undefined {
  return (JSON.parse(request.body) as { slug?: string }).slug;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting until ${what}`);
}

let background: BackgroundRuns | undefined;
afterEach(async () => {
  await background?.stop();
  background = undefined;
});

async function open(sender: WebhookSender, deliveryConcurrency?: number) {
  const clock = new ManualClock(MANUAL_CLOCK_START);
  const engine = await Engine.open({
    store: createMemoryStore(engineSchema),
    seed: 3,
    clock,
    demo: false,
    webhookSender: sender,
    deliveryConcurrency,
  });
  const created = await engine.accounts.create({ plan: 'agencies' });
  const account: AccountRecord = await engine.accounts.authenticate(created.api_key);
  const project = await engine.projects.create(account, { name: 'Lines', domain: 'lines.example' });
  return { engine, clock, account, projectId: project.id };
}

describe('deliveries of one content item', () => {
  it("go in the order of their events, without waiting for an earlier one's retries: that one is superseded", async () => {
    const sender = new GatedSender();
    sender.gated = false;
    sender.answer = (request) =>
      eventOf(request) === 'content.generated'
        ? { status: 503, body: '', error: null }
        : { status: 200, body: '{}', error: null };
    const { engine, account, projectId } = await open(sender);
    await engine.projects.update(account, projectId, {
      webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_lines' },
    });
    const created = await engine.content.create(account, projectId, {
      keyword: 'ordered events',
      length: 300,
    });
    await engine.advance(generationSeconds(300)); // content.generated fails once
    await engine.content.publish(account, projectId, created.id);
    // Not attempted yet when the article is deleted: it goes first, deleted right after it.
    await engine.content.delete(account, projectId, created.id);
    await engine.advance(0);
    expect(sender.finished.map(eventOf)).toEqual([
      'content.generated',
      'content.published',
      'content.deleted',
    ]);
    await engine.advance(3600);
    expect(sender.finished).toHaveLength(3);
    const listed = await engine.webhooks.list(account, projectId, {});
    expect(
      listed.data.map((delivery) => [
        delivery.event,
        delivery.status,
        delivery.attempt_count,
        delivery.next_attempt_at,
      ]),
    ).toEqual([
      ['content.deleted', 'succeeded', 1, null],
      ['content.published', 'succeeded', 1, null],
      ['content.generated', 'superseded', 1, null],
    ]);
  });

  it('run side by side up to the bound, one at a time per item, in the background on the manual clock', async () => {
    const sender = new GatedSender();
    const { engine, account, projectId } = await open(sender, 3);
    await engine.projects.update(account, projectId, {
      webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_lines' },
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await engine.content.create(account, projectId, { keyword: `item ${i}`, length: 300 })).id);
    }
    await engine.projects.update(account, projectId, { webhook: null });
    await engine.advance(generationSeconds(300));
    await engine.projects.update(account, projectId, {
      webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_lines' },
    });
    background = engine.startBackgroundWork();
    // No advance from here on: work a request makes due now runs at once.
    for (const id of ids) await engine.content.publish(account, projectId, id);
    for (const id of ids) await engine.content.unpublish(account, projectId, id);
    await until(() => sender.waiting() === 3, 'three deliveries are in flight');
    expect(sender.inFlight).toBe(3);
    while (sender.finished.length < 10) {
      sender.releaseAll();
      await until(() => sender.waiting() > 0 || sender.finished.length === 10, 'the next deliveries start');
    }
    expect(sender.maxInFlight).toBe(3);
    expect(sender.overlaps).toEqual([]);
    for (const id of ids) {
      const { slug } = await engine.content.retrieve(account, projectId, id);
      const events = sender.finished.filter((request) => itemOf(request) === slug);
      expect(events.map(eventOf)).toEqual(['content.published', 'content.unpublished']);
    }
  });
});

describe('background deliveries and ids', () => {
  it('move no id a request gets, however fast the receiver answers', async () => {
    const script = async (sender: GatedSender) => {
      const { engine, clock, account, projectId } = await open(sender);
      background = engine.startBackgroundWork();
      await engine.projects.update(account, projectId, {
        webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_lines' },
      });
      const first = await engine.content.create(account, projectId, {
        keyword: 'ids',
        length: 300,
        auto_publish: true,
      });
      clock.set(clock.now() + generationSeconds(300) * 1000);
      await engine.tick(); // generation ends: content.generated, then content.published
      await until(() => sender.started.length > 0, 'a delivery starts');
      // One receiver has answered both by now; the other still holds the first.
      if (!sender.gated) await until(() => sender.finished.length === 2, 'both are answered');
      const project = await engine.projects.create(account, { name: 'After', domain: 'after.example' });
      const second = await engine.content.create(account, project.id, { keyword: 'more ids', length: 300 });
      sender.gated = false;
      sender.releaseAll();
      return [first.id, project.id, second.id];
    };
    const fast = new GatedSender();
    fast.gated = false;
    const slow = new GatedSender();
    const fastIds = await script(fast);
    expect(fast.finished.map(eventOf)).toEqual(['content.generated', 'content.published']);
    const slowIds = await script(slow);
    expect(slow.finished.length).toBeLessThan(2);
    expect(slowIds).toEqual(fastIds);
  });
});
