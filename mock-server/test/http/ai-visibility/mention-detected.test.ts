import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ActivityEntry,
  AI_PLATFORMS,
  AiVisibilityMentionDetectedEvent,
  AiVisibilityResponse,
  listOf,
} from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrompt,
  createTopic,
  DAY,
  key,
  newProject,
  path,
  server,
  useAiVisibilityServer,
} from './ai-visibility-server';

useAiVisibilityServer();

describe('ai_visibility.mention_detected', () => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"url":""}');
    });
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('delivers one signed event per answer that names the brand, through the outbox', async () => {
    const { port } = receiver.address() as AddressInfo;
    const projectId = await newProject(server, 'Northwind Coffee');
    await server.call('PUT', `/v1/projects/${projectId}`, {
      key,
      body: {
        webhook: { url: `http://127.0.0.1:${port}/hook`, secret: 'rq_whsec_ai' },
        brand_names: ['Northwind Coffee'],
      },
    });
    const topic = await createTopic(projectId, 'Beans');
    for (const text of ['Best beans for espresso?', 'Best beans for cold brew?', 'Best decaf beans?']) {
      await createPrompt(projectId, topic.id, text);
    }
    await server.advance(0);
    await server.advance(DAY);

    const all = listOf(AiVisibilityResponse).parse(
      (await server.call('GET', path(projectId, '/responses?limit=100'), { key })).body,
    );
    const mentioned = all.data.filter((response) => response.mentioned);
    expect(all.data).toHaveLength(2 * 3 * AI_PLATFORMS.length);
    expect(mentioned.length).toBeGreaterThan(0);
    expect(mentioned.length).toBeLessThan(all.data.length);

    const events = received.map((request) => {
      expect(request.headers['x-service-event']).toBe('ai_visibility.mention_detected');
      expect(request.headers['x-service-key']).toBe('rq_whsec_ai');
      expect(request.headers['webhook-signature']).toMatch(/^v1,/);
      return AiVisibilityMentionDetectedEvent.parse(JSON.parse(request.body));
    });
    expect(events.map((event) => event.response_id).sort()).toEqual(
      mentioned.map((response) => response.id).sort(),
    );
    for (const event of events) {
      const response = mentioned.find((candidate) => candidate.id === event.response_id);
      expect(event).toEqual({
        event: 'ai_visibility.mention_detected',
        project_id: projectId,
        response_id: response?.id,
        prompt_id: response?.prompt_id,
        platform: response?.platform,
        brand: 'Northwind Coffee',
        excerpt: response?.mentions[0]?.excerpt,
        cited_urls: response?.cited_urls,
        detected_at: response?.ran_at,
      });
    }
    const feed = listOf(ActivityEntry).parse(
      (await server.call('GET', `/v1/projects/${projectId}/activity?limit=100`, { key })).body,
    );
    const outcomes = feed.data.filter((entry) => entry.event === 'ai_visibility.mention_detected');
    expect(outcomes.filter((entry) => entry.type === 'ai_visibility.mention_detected')).toHaveLength(
      mentioned.length,
    );
    expect(outcomes.filter((entry) => entry.type === 'webhook.delivery_succeeded')).toHaveLength(
      mentioned.length,
    );
  });
});
