import { AiVisibilityPrompt, AiVisibilityTopic } from '@rankquill/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

/** One day, in the seconds the clock moves by. */
export const DAY = 24 * 60 * 60;

/** The test file's server (manual clock, seeded demo account). */
export let server: TestServer;
/** The demo account's API key on `server`. */
export let key: string;

/**
 * Starts `server` before the calling test file's first test and closes it after its last. Call it
 * once, at the top of the file.
 */
export function useAiVisibilityServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    key = server.demo.api_key;
  });
  afterAll(() => server.close());
}

/** Creates a project of the demo account on `server` and answers its id. */
export async function newProject(server: TestServer, name = 'Visible Coffee'): Promise<string> {
  const created = await server.call('POST', '/v1/projects', {
    key: server.demo.api_key,
    body: { name, domain: 'visible-coffee.example' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** `/v1/projects/<projectId>/ai-visibility<suffix>`. */
export const path = (projectId: string, suffix = '') => `/v1/projects/${projectId}/ai-visibility${suffix}`;

/** Creates a topic in the project on the file's server. */
export async function createTopic(projectId: string, name: string) {
  const answer = await server.call('POST', path(projectId, '/topics'), { key, body: { name } });
  expect(answer.status, answer.text).toBe(201);
  return AiVisibilityTopic.parse(answer.body);
}

/** Creates a prompt of the topic on the file's server. */
export async function createPrompt(projectId: string, topicId: string, text: string) {
  const answer = await server.call('POST', path(projectId, '/prompts'), {
    key,
    body: { topic_id: topicId, text },
  });
  expect(answer.status, answer.text).toBe(201);
  return AiVisibilityPrompt.parse(answer.body);
}
