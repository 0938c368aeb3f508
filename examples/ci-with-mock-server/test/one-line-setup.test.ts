import { type MockServer, startMockServer } from '@rankquill/mock-server';
import Rankquill from '@rankquill/sdk';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { publishReadyDrafts, scheduleArticles } from '../src/content-calendar';

// One server for this file, in the test's own process; a fresh account and project per test.
let server: MockServer;
let mock: MockServer;
beforeAll(async () => {
  server = await startMockServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  mock = await server.freshAccount();
});

it('publishes an article once its generation is over', async () => {
  const client = new Rankquill({ apiKey: mock.apiKey, baseURL: mock.baseUrl, maxRetries: 0 });
  await scheduleArticles(client, mock.projectId, ['french press grind'], { length: 600 });
  await mock.advance(50); // 600 words take 20 s + 30 s on the server's clock
  expect(await publishReadyDrafts(client, mock.projectId)).toEqual(['french press grind']);
});

it('starts every test on an empty project', async () => {
  const client = new Rankquill({ apiKey: mock.apiKey, baseURL: mock.baseUrl, maxRetries: 0 });
  expect((await client.content.list(mock.projectId)).data).toEqual([]);
});
