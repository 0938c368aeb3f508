import { beforeEach, describe, expect, it } from 'vitest';
import { generationSeconds } from '../../../src/engine/content/content';
import { Engine } from '../../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import type {
  AccountRecord,
  DeliveryBodyRecord,
  DeliveryRecord,
  JobRecord,
} from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { DELIVERY_JOB } from '../../../src/engine/webhooks/outbox';
import type { WebhookHttpRequest } from '../../../src/engine/webhooks/request';
import type { WebhookAnswer, WebhookSender } from '../../../src/engine/webhooks/sender';
import { createMemoryStore } from '../../../src/store/memory';
import type { Store } from '../../../src/store/store';

class RecordingSender implements WebhookSender {
  readonly sent: WebhookHttpRequest[] = [];
  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    this.sent.push(request);
    return { status: 200, body: '{}', error: null };
  }
}

let store: Store;
let engine: Engine;
let sender: RecordingSender;
let account: AccountRecord;
let projectId: string;

beforeEach(async () => {
  store = createMemoryStore(engineSchema);
  sender = new RecordingSender();
  engine = await Engine.open({
    store,
    seed: 1,
    clock: new ManualClock(MANUAL_CLOCK_START),
    demo: false,
    webhookSender: sender,
  });
  account = await engine.accounts.authenticate((await engine.accounts.create({ plan: 'agencies' })).api_key);
  projectId = (await engine.projects.create(account, { name: 'Bodies', domain: 'bodies.example' })).id;
  await engine.projects.update(account, projectId, {
    webhook: { url: 'https://receiver.example/webhook', secret: 'rq_whsec_bodies' },
  });
});

async function publishedArticle(): Promise<string> {
  const created = await engine.content.create(account, projectId, {
    keyword: 'delivery bodies',
    length: 300,
  });
  await engine.advance(generationSeconds(300));
  await engine.content.publish(account, projectId, created.id);
  return created.id;
}

describe('delivery bodies', () => {
  it("keeps what a delivery sends in a row of its own, apart from the delivery's rewritten row", async () => {
    await publishedArticle();
    const queued = (
      await store.find<DeliveryRecord>('deliveries', { where: { project_id: projectId } })
    ).find((delivery) => delivery.event === 'content.published');
    expect(queued).toBeDefined();
    expect(queued).not.toHaveProperty('body');
    const kept = await store.get<DeliveryBodyRecord>('delivery_bodies', queued?.id ?? '');
    expect(kept?.project_id).toBe(projectId);

    await engine.advance(0);
    const sent = sender.sent.find((request) => request.headers['webhook-id'] === queued?.id);
    expect(sent?.body).toBe(kept?.body);
    expect(Object.keys(JSON.parse(sent?.body ?? '{}'))).toContain('slug');
    expect((await store.get<DeliveryRecord>('deliveries', queued?.id ?? ''))?.status).toBe('succeeded');
  });

  it("still sends a body that a delivery queued by an earlier version keeps in the delivery's row", async () => {
    const legacyBody = JSON.stringify({
      event: 'keyword.ranking_changed',
      note: 'queued before the upgrade',
    });
    await store.transaction(async (tx) => {
      await tx.insert('deliveries', {
        id: 'dlv_legacy',
        seq: 1_000_000,
        project_id: projectId,
        content_id: null,
        event: 'keyword.ranking_changed',
        body: legacyBody,
        status: 'pending',
        attempts: 0,
        next_attempt_at: MANUAL_CLOCK_START,
        last_status: null,
        last_error: null,
        created_at: MANUAL_CLOCK_START,
        updated_at: MANUAL_CLOCK_START,
      } satisfies DeliveryRecord);
      await tx.insert('jobs', {
        id: 'job_legacy',
        seq: 1_000_000,
        kind: DELIVERY_JOB,
        subject_id: 'dlv_legacy',
        due_at: MANUAL_CLOCK_START,
        available_at: MANUAL_CLOCK_START,
        lane: 'network',
      } satisfies JobRecord);
    });
    await engine.advance(0);
    expect(sender.sent.map((request) => request.body)).toContain(legacyBody);
    expect((await store.get<DeliveryRecord>('deliveries', 'dlv_legacy'))?.status).toBe('succeeded');
  });

  it('goes with its project', async () => {
    await publishedArticle();
    expect(await store.count('delivery_bodies', { project_id: projectId })).toBeGreaterThan(0);
    await engine.projects.delete(account, projectId);
    expect(await store.count('delivery_bodies', { project_id: projectId })).toBe(0);
    expect(await store.count('deliveries', { project_id: projectId })).toBe(0);
  });
});
