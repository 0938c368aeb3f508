import { expect, it } from 'vitest';
import { APIError, ConflictError, type Delivery, NotFoundError, type Rankquill } from '../../src/index';
import { errorOf } from '../support/error-of';
import { json, startScriptedServer } from '../support/scripted-server';
import { describeEachTarget } from '../support/targets';

/** The newest delivery once it has left `pending`. */
async function settled(client: Rankquill, projectId: string): Promise<Delivery> {
  for (let poll = 0; poll < 100; poll++) {
    const [latest] = (await client.deliveries.list(projectId, { limit: 1 })).data;
    if (latest && latest.status !== 'pending') return latest;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the delivery stayed pending');
}

describeEachTarget('webhooks', (target) => {
  it('answers 409 ConflictError when the project has no webhook', async () => {
    const client = target().client();
    const error = await client.webhooks.test(target().demo.project_id).catch(errorOf);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.param).toBe('webhook');
    const rotation = await client.webhooks.rotateSigningSecret(target().demo.project_id).catch(errorOf);
    expect(rotation).toBeInstanceOf(ConflictError);
  });

  it('queues a sample delivery, lists it with its attempt, redelivers it, retrieves it, and rotates the signing secret', async () => {
    let status = 500;
    const receiver = await startScriptedServer((request, _, res) =>
      request.headers['x-service-key'] === 's3cret'
        ? json(
            res,
            status,
            status === 200 ? { success: true, url: '/en/resources/blog/sample' } : { error: 'down' },
          )
        : json(res, 401, { error: 'bad key' }),
    );
    try {
      const client = target().client();
      const projectId = target().demo.project_id;
      const project = await client.projects.update(projectId, {
        webhook: { url: `${receiver.baseURL}/hook`, secret: 's3cret' },
      });
      const signingSecret = project.webhook?.signing_secret;
      expect(signingSecret).toMatch(/^whsec_/);
      expect((await client.projects.retrieve(projectId)).webhook).toEqual({
        url: `${receiver.baseURL}/hook`,
        secret_set: true,
        signing_secret_set: true,
        previous_signing_secret_expires_at: null,
      });

      const queued = await client.webhooks.test(projectId);
      expect(queued).toMatchObject({ event: 'content.published', status: 'pending', test: true });
      const failed = await settled(client, projectId);
      expect(failed).toMatchObject({ id: queued.id, status: 'failed', attempt_count: 1 });
      expect(failed.attempts[0]).toMatchObject({ status: 500, answer: '{"error":"down"}' });

      status = 200;
      const again = await client.deliveries.redeliver(projectId, queued.id);
      expect(again).toMatchObject({ id: queued.id, status: 'pending' });
      const delivered = await settled(client, projectId);
      expect(delivered).toMatchObject({ id: queued.id, status: 'succeeded', attempt_count: 2 });
      expect(receiver.seen.map((request) => request.headers['webhook-id'])).toEqual([queued.id, queued.id]);
      expect(receiver.seen[0]?.headers['x-service-event']).toBe('content.published');

      const missing = await client.deliveries.redeliver(projectId, 'dlv_nope').catch(errorOf);
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing.param).toBe('deliveryId');

      const [listed] = (await client.deliveries.list(projectId, { limit: 1 })).data;
      expect(listed?.id).toBe(queued.id);
      expect(await client.deliveries.retrieve(projectId, queued.id)).toEqual(listed);
      const unknown = await client.deliveries.retrieve(projectId, 'dlv_nope').catch(errorOf);
      expect(unknown).toBeInstanceOf(NotFoundError);
      expect(unknown.param).toBe('deliveryId');
      // Sent, `..` would climb to the project itself; it is refused before any request.
      const climbing = await client.deliveries.retrieve(projectId, '..').catch(errorOf);
      expect(climbing).not.toBeInstanceOf(APIError);
      expect(climbing.message).toMatch(/^deliveries\.retrieve\(\) got "\.\." for deliveryId/);

      const rotated = await client.webhooks.rotateSigningSecret(projectId);
      expect(rotated.signing_secret).toMatch(/^whsec_/);
      expect(rotated.signing_secret).not.toBe(signingSecret);
      expect(rotated.previous_signing_secret_expires_at).toBe('2026-01-02T00:00:00.000Z');
    } finally {
      await receiver.close();
    }
  });
});
