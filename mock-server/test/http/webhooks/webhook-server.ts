import { Delivery, listOf } from '@rankquill/contract';
import { type ReferenceReceiver, startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

/** The x-service-key secret of the reference receiver. */
export const SECRET = 'rq_whsec_http_test';

/** The test file's server, on the real clock (the hanging-receiver test publishes for real). */
export let server: TestServer;
/** The test file's reference receiver, which verifies with SECRET. */
export let receiver: ReferenceReceiver;
/** The demo account's API key on `server`. */
export let key: string;

/**
 * Starts `server` and `receiver` before the calling test file's first test and closes them after
 * its last. Call it once, at the top of the file.
 */
export function useWebhookServer(): void {
  beforeAll(async () => {
    server = await startTestServer({ clock: 'real' });
    receiver = await startReferenceReceiver({ secret: SECRET });
    key = server.demo.api_key;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });
}

/** Creates a project of the demo account on `on` and answers its id. */
export async function newProject(on: TestServer): Promise<string> {
  const created = await on.call('POST', '/v1/projects', {
    key: on.demo.api_key,
    body: { name: 'Hooked', domain: 'hooked.example', language: 'nl' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Sets the project's webhook and answers the project (with its signing secret the first time). */
export async function setWebhook(id: string, url: string, on: TestServer, secret = SECRET) {
  const answer = await on.call('PUT', `/v1/projects/${id}`, {
    key: on.demo.api_key,
    body: { webhook: { url, secret } },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** The project's deliveries, newest first, parsed. */
export async function listDeliveries(id: string, on: TestServer, query = '') {
  const answer = await on.call('GET', `/v1/projects/${id}/deliveries${query}`, { key: on.demo.api_key });
  expect(answer.status, answer.text).toBe(200);
  return listOf(Delivery).parse(answer.body);
}
