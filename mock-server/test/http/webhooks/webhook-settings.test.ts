import { Delivery, Project } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import {
  key,
  listDeliveries,
  newProject,
  receiver,
  SECRET,
  server,
  setWebhook,
  useWebhookServer,
} from './webhook-server';

useWebhookServer();

describe('webhook settings', () => {
  it('stores the URL and secret, answers the signing secret once, shows only that both are set, and removes them with null', async () => {
    const id = await newProject(server);
    expect((await server.call('GET', `/v1/projects/${id}`, { key })).body.webhook).toBeNull();
    const set = await setWebhook(id, 'https://cms.example/hooks/rankquill', server);
    const signingSecret = set.webhook.signing_secret;
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Project.parse(set)).toBeTruthy();
    const shown = {
      url: 'https://cms.example/hooks/rankquill',
      secret_set: true,
      signing_secret_set: true,
      previous_signing_secret_expires_at: null,
    };
    expect(set.webhook).toEqual({ ...shown, signing_secret: signingSecret });
    const read = await server.call('GET', `/v1/projects/${id}`, { key });
    const list = await server.call('GET', '/v1/projects?limit=100', { key });
    for (const text of [read.text, list.text]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(signingSecret);
    }
    expect(set.text ?? JSON.stringify(set)).not.toContain(SECRET);
    expect(read.body.webhook).toEqual(shown);

    // Changing the URL or secret keeps the signing secret, and does not show it again.
    const moved = await setWebhook(id, 'https://cms.example/hooks/v2', server, 'another-secret');
    expect(moved.webhook).toEqual({ ...shown, url: 'https://cms.example/hooks/v2' });

    const removed = await server.call('PUT', `/v1/projects/${id}`, { key, body: { webhook: null } });
    expect(removed.body.webhook).toBeNull();
    const again = await setWebhook(id, 'https://cms.example/hooks/v3', server);
    expect(again.webhook.signing_secret).toMatch(/^whsec_/);
    expect(again.webhook.signing_secret).not.toBe(signingSecret);
  });

  it('rotates the signing secret: the new one is answered once, the old one signs for 24 more hours', async () => {
    const id = await newProject(server);
    const none = await server.call('POST', `/v1/projects/${id}/webhook/signing-secret/rotate`, { key });
    expect(none.status).toBe(409);
    expect(none.body.error.param).toBe('webhook');
    const set = await setWebhook(id, 'https://cms.example/hooks/rankquill', server);
    const rotated = await server.call('POST', `/v1/projects/${id}/webhook/signing-secret/rotate`, { key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.signing_secret).toMatch(/^whsec_/);
    expect(rotated.body.signing_secret).not.toBe(set.webhook.signing_secret);
    const expires = Date.parse(rotated.body.previous_signing_secret_expires_at);
    expect(expires - server.engine.now()).toBeGreaterThan(24 * 3600_000 - 5000);
    expect(expires - server.engine.now()).toBeLessThanOrEqual(24 * 3600_000);
    const read = await server.call('GET', `/v1/projects/${id}`, { key });
    expect(read.body.webhook.previous_signing_secret_expires_at).toBe(
      rotated.body.previous_signing_secret_expires_at,
    );
    expect(read.text).not.toContain('whsec_');
  });

  it.each([
    [{ url: 'ftp://cms.example/hook', secret: SECRET }, 'webhook.url', /http\(s\) URL/],
    [{ url: '/relative/hook', secret: SECRET }, 'webhook.url', /absolute/],
    [{ url: 'https://cms.example/hook', secret: '' }, 'webhook.secret', /must not be empty/],
    [{ url: 'https://cms.example/hook', secret: 'x'.repeat(257) }, 'webhook.secret', /at most 256/],
    [{ url: 'https://cms.example/hook', secret: 'has space' }, 'webhook.secret', /x-service-key/],
    [{ url: 'https://cms.example/hook' }, 'webhook.secret', /required/],
    [{ url: 'https://cms.example/hook', secret: SECRET, events: [] }, 'webhook.events', /Unknown field/],
    [{ url: 'http://169.254.169.254/latest/meta-data/', secret: SECRET }, 'webhook.url', /link-local/],
    [{ url: 'http://user:pw@cms.example/hook', secret: SECRET }, 'webhook.url', /credentials/],
  ])('answers 400 naming the field for %j', async (webhook, param, message) => {
    const id = await newProject(server);
    const answer = await server.call('PUT', `/v1/projects/${id}`, { key, body: { webhook } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toMatch(message);
    expect((await server.call('GET', `/v1/projects/${id}`, { key })).body.webhook).toBeNull();
  });
});

describe('POST /v1/projects/:id/webhook/test', () => {
  it('answers 409 naming the fix when no webhook is set', async () => {
    const id = await newProject(server);
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(409);
    expect(answer.body.error.param).toBe('webhook');
    expect(answer.body.error.message).toContain(`PUT /v1/projects/${id}`);
  });

  it('queues a signed sample article that appears at the reference receiver, and lists its attempt', async () => {
    const id = await newProject(server);
    await setWebhook(id, `${receiver.url}/webhook`, server);
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(202);
    const queued = Delivery.parse(answer.body);
    expect(queued).toMatchObject({ event: 'content.published', test: true, content_id: null });
    expect(queued.id).toMatch(/^dlv_/);
    const listed = await eventually(
      () => listDeliveries(id, server),
      (page) => page.data[0]?.status !== 'pending',
    );
    expect(listed.data[0]).toMatchObject({ id: queued.id, status: 'succeeded', attempt_count: 1 });
    expect(listed.data[0]?.attempts[0]).toMatchObject({
      status: 200,
      error: null,
      answer: '{"success":true,"url":"/nl/resources/blog/rankquill-webhook-test"}',
    });
    const page = await fetch(`${receiver.url}/nl/resources/blog/rankquill-webhook-test`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rankquill webhook test');
    // A test is neither retried nor in the activity feed.
    const feed = await server.call('GET', `/v1/projects/${id}/activity`, { key });
    expect(feed.body.data).toEqual([]);
  });

  it("shows the receiver's refusal in the delivery: a wrong secret is a 401, not retried", async () => {
    const id = await newProject(server);
    await setWebhook(id, `${receiver.url}/webhook`, server, 'not-the-receivers-secret');
    const answer = await server.call('POST', `/v1/projects/${id}/webhook/test`, { key });
    expect(answer.status).toBe(202);
    const listed = await eventually(
      () => listDeliveries(id, server),
      (page) => page.data[0]?.status !== 'pending',
    );
    expect(listed.data[0]).toMatchObject({ status: 'failed', attempt_count: 1, next_attempt_at: null });
    expect(listed.data[0]?.attempts[0]?.status).toBe(401);
    expect(listed.data[0]?.attempts[0]?.error).toMatch(/HTTP 401/);
  });
});
