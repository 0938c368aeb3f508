import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActivityEntry, Delivery, listOf } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import {
  key,
  listDeliveries,
  newProject,
  receiver,
  server,
  setWebhook,
  useWebhookServer,
} from './webhook-server';

useWebhookServer();

describe('deliveries', () => {
  it('lists newest first, paginated, and redelivers a finished one with the same webhook-id', async () => {
    const seen: Array<{ id: string; event: string }> = [];
    let status = 500;
    const recorder = createServer((request, response) => {
      seen.push({
        id: request.headers['webhook-id'] as string,
        event: request.headers['x-service-event'] as string,
      });
      request.resume();
      request.on('end', () => response.writeHead(status).end('{"error":"later"}'));
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const id = await newProject(server);
      await setWebhook(id, `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/hook`, server);
      for (let i = 0; i < 3; i++) await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
      const page = await eventually(
        () => listDeliveries(id, server, '?limit=2'),
        (listed) => listed.data.every((delivery) => delivery.status === 'failed'),
      );
      expect(page.pagination).toMatchObject({ limit: 2, offset: 0, count: 2, total: 3, has_more: true });
      const rest = await listDeliveries(id, server, '?limit=2&offset=2');
      const all = [...page.data, ...rest.data];
      expect(all.map((delivery) => delivery.id)).toEqual([...seen].reverse().map((request) => request.id));
      const oldest = all[2] as Delivery;

      status = 200;
      const again = await server.call('POST', `/v1/projects/${id}/deliveries/${oldest.id}/redeliver`, {
        key,
      });
      expect(again.status).toBe(202);
      expect(Delivery.parse(again.body)).toMatchObject({ id: oldest.id, status: 'pending' });
      const done = await eventually(
        () => listDeliveries(id, server, '?limit=10'),
        (listed) => listed.data.find((delivery) => delivery.id === oldest.id)?.status === 'succeeded',
      );
      const redelivered = done.data.find((delivery) => delivery.id === oldest.id);
      expect(redelivered).toMatchObject({ status: 'succeeded', attempt_count: 2 });
      expect(redelivered?.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
      expect(seen.at(-1)).toEqual({ id: oldest.id, event: 'content.published' });

      const unknown = await server.call('POST', `/v1/projects/${id}/deliveries/dlv_nope/redeliver`, { key });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.param).toBe('deliveryId');
      const other = await newProject(server);
      const foreign = await server.call('POST', `/v1/projects/${other}/deliveries/${oldest.id}/redeliver`, {
        key,
      });
      expect(foreign.status).toBe(404);
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('gets one delivery with its attempts, and 404s one of another project', async () => {
    const refusing = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(500).end());
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const id = await newProject(server);
      await setWebhook(id, `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/hook`, server);
      const queued = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
      const deliveryId = Delivery.parse(queued.body).id;
      const attempted = await eventually(
        () => server.call('GET', `/v1/projects/${id}/deliveries/${deliveryId}`, { key }),
        (answer) => answer.status === 200 && Delivery.parse(answer.body).attempt_count === 1,
      );
      const delivery = Delivery.parse(attempted.body);
      // A test delivery is never retried: one refused attempt fails it.
      expect(delivery).toMatchObject({ id: deliveryId, event: 'content.published', status: 'failed' });
      expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500]);
      expect((await listDeliveries(id, server)).data).toContainEqual(delivery);

      const unknown = await server.call('GET', `/v1/projects/${id}/deliveries/dlv_nope`, { key });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ type: 'not_found_error', param: 'deliveryId' });
      const other = await newProject(server);
      const foreign = await server.call('GET', `/v1/projects/${other}/deliveries/${deliveryId}`, { key });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.param).toBe('deliveryId');
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('go to a slow receiver side by side: eight take about as long as one', async () => {
    const slow = createServer((request, response) => {
      request.resume();
      request.on('end', () => setTimeout(() => response.writeHead(200).end('{}'), 300));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const id = await newProject(server);
      await setWebhook(id, `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`, server);
      const started = performance.now();
      for (let i = 0; i < 8; i++) await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
      const listed = await eventually(
        () => listDeliveries(id, server),
        (page) => page.data.every((delivery) => delivery.status === 'succeeded'),
        3000,
      );
      expect(listed.data.map((delivery) => delivery.status)).toEqual(Array(8).fill('succeeded'));
      // One after another they would take 8 × 300 ms.
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('GET /v1/projects/:id/activity', () => {
  it('lists lifecycle events and delivery outcomes newest first, paginated', async () => {
    const projectId = server.demo.project_id;
    await setWebhook(projectId, `${receiver.url}/webhook`, server);
    const drafts = await server.call('GET', `/v1/projects/${projectId}/content?status=draft`, { key });
    const draft = drafts.body.data[0];
    expect(draft).toBeDefined();
    const published = await server.call('POST', `/v1/projects/${projectId}/content/${draft.id}/publish`, {
      key,
    });
    expect(published.status).toBe(200);

    const item = await eventually(
      async () => (await server.call('GET', `/v1/projects/${projectId}/content/${draft.id}`, { key })).body,
      (current) => current.published_url !== null,
    );
    expect(item.published_url).toBe(`/en/resources/blog/${draft.slug}`);

    const page = await server.call('GET', `/v1/projects/${projectId}/activity?limit=2`, { key });
    expect(page.status).toBe(200);
    const parsed = listOf(ActivityEntry).parse(page.body);
    expect(parsed.data.map((entry) => entry.type)).toEqual([
      'webhook.delivery_succeeded',
      'content.published',
    ]);
    expect(parsed.data[0]).toMatchObject({
      event: 'content.published',
      content_id: draft.id,
      delivery_id: parsed.data[1]?.delivery_id,
      attempts: 1,
      last_status: 200,
      last_error: null,
    });
    expect(parsed.pagination).toMatchObject({ limit: 2, offset: 0, count: 2, has_more: true });
    // The seeded articles' own lifecycle entries follow.
    expect(parsed.pagination.total).toBeGreaterThan(2);
    const bad = await server.call('GET', `/v1/projects/${projectId}/activity?limit=0`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('limit');
    await server.call('PUT', `/v1/projects/${projectId}`, { key, body: { webhook: null } });
  });
});
