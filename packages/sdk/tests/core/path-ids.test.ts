import { startServer } from '@rankquill/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rankquill, RankquillError } from '../../src/index';
import { errorOf } from '../support/error-of';

type Call = (client: Rankquill, projectId: string, otherId: string) => PromiseLike<unknown>;

/** Every method that puts an id in the path: the operation, the id it takes, and a call with it. */
const callsWithIds: [
  operation: string,
  id: 'projectId' | 'contentId' | 'keywordId' | 'exportId' | 'deliveryId',
  Call,
][] = [
  ['projects.retrieve', 'projectId', (c, p) => c.projects.retrieve(p)],
  ['projects.update', 'projectId', (c, p) => c.projects.update(p, { name: 'x' })],
  ['projects.delete', 'projectId', (c, p) => c.projects.delete(p)],
  ['projects.rotatePublicApiKey', 'projectId', (c, p) => c.projects.rotatePublicApiKey(p)],
  ['content.create', 'projectId', (c, p) => c.content.create(p, { keyword: 'x' })],
  ['content.createAndWait', 'projectId', (c, p) => c.content.createAndWait(p, { keyword: 'x' })],
  ['content.list', 'projectId', (c, p) => c.content.list(p)],
  ['content.export', 'projectId', (c, p) => c.content.export(p, { format: 'json' })],
  ['content.retrieve', 'projectId', (c, p) => c.content.retrieve(p, 'cnt_1')],
  ['content.retrieve', 'contentId', (c, p, id) => c.content.retrieve(p, id)],
  ['content.update', 'contentId', (c, p, id) => c.content.update(p, id, { title: 'x' })],
  ['content.delete', 'projectId', (c, p) => c.content.delete(p, 'cnt_1')],
  ['content.delete', 'contentId', (c, p, id) => c.content.delete(p, id)],
  ['content.publish', 'contentId', (c, p, id) => c.content.publish(p, id)],
  ['content.unpublish', 'contentId', (c, p, id) => c.content.unpublish(p, id)],
  ['keywords.create', 'projectId', (c, p) => c.keywords.create(p, { keyword: 'x' })],
  ['keywords.list', 'projectId', (c, p) => c.keywords.list(p)],
  ['keywords.opportunities', 'projectId', (c, p) => c.keywords.opportunities(p)],
  ['keywords.performance', 'projectId', (c, p) => c.keywords.performance(p, 'kw_1')],
  ['keywords.performance', 'keywordId', (c, p, id) => c.keywords.performance(p, id)],
  ['keywords.export', 'projectId', (c, p) => c.keywords.export(p)],
  ['aiVisibility.retrieve', 'projectId', (c, p) => c.aiVisibility.retrieve(p)],
  ['aiVisibility.export', 'projectId', (c, p) => c.aiVisibility.export(p)],
  ['aiVisibility.topics.create', 'projectId', (c, p) => c.aiVisibility.topics.create(p, { name: 'x' })],
  ['aiVisibility.topics.list', 'projectId', (c, p) => c.aiVisibility.topics.list(p)],
  [
    'aiVisibility.prompts.create',
    'projectId',
    (c, p) => c.aiVisibility.prompts.create(p, { topic_id: 'top_1', text: 'x' }),
  ],
  ['aiVisibility.prompts.list', 'projectId', (c, p) => c.aiVisibility.prompts.list(p)],
  ['aiVisibility.responses.list', 'projectId', (c, p) => c.aiVisibility.responses.list(p)],
  ['webhooks.test', 'projectId', (c, p) => c.webhooks.test(p)],
  ['deliveries.retrieve', 'projectId', (c, p) => c.deliveries.retrieve(p, 'dlv_1')],
  ['deliveries.retrieve', 'deliveryId', (c, p, id) => c.deliveries.retrieve(p, id)],
  ['activity.list', 'projectId', (c, p) => c.activity.list(p)],
  ['exports.create', 'projectId', (c, p) => c.exports.create(p, { types: ['content'], format: 'json' })],
  [
    'exports.createAndWait',
    'projectId',
    (c, p) => c.exports.createAndWait(p, { types: ['content'], format: 'json' }),
  ],
  ['exports.retrieve', 'projectId', (c, p) => c.exports.retrieve(p, 'exp_1')],
  ['exports.retrieve', 'exportId', (c, p, id) => c.exports.retrieve(p, id)],
];

describe('ids in paths', () => {
  const sent: string[] = [];
  const client = new Rankquill({
    apiKey: 'k',
    baseURL: 'https://api.example.test/v1',
    fetch: async (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return Response.json({
        id: 'x',
        data: [],
        pagination: { limit: 10, offset: 0, count: 0, total: 0, has_more: false },
      });
    },
  });

  it.each(['', '.', '..'])(
    'refuses %j in every id of every method before sending, naming both',
    async (bad) => {
      for (const [operation, id, call] of callsWithIds) {
        const args: [string, string] = id === 'projectId' ? [bad, 'cnt_1'] : ['proj_1', bad];
        const error = await Promise.resolve()
          .then(() => call(client, ...args))
          .then(
            () => undefined,
            (rejection: unknown) => rejection,
          );
        expect(error, `${operation} with ${id} = ${JSON.stringify(bad)}`).toBeInstanceOf(RankquillError);
        expect((error as Error).message).toBe(
          `${operation}() got ${JSON.stringify(bad)} for ${id}, which is not an id: an id is a string that is not empty, "." or "..".`,
        );
      }
      expect(sent).toEqual([]);
    },
  );

  it('rejects the returned promise rather than throwing, so .catch() sees the error', async () => {
    const rejected = client.projects.retrieve('.');
    await expect(rejected).rejects.toBeInstanceOf(RankquillError);
    await expect(client.projects.retrieve('.').withResponse()).rejects.toBeInstanceOf(RankquillError);
  });

  it('encodes every id as one path segment', async () => {
    sent.length = 0;
    await client.projects.retrieve('../__admin/reset');
    await client.content.retrieve('a b', '?x=1#y');
    await client.exports.retrieve('%2e%2e', '.../..');
    expect(sent).toEqual([
      'https://api.example.test/v1/projects/..%2F__admin%2Freset',
      'https://api.example.test/v1/projects/a%20b/content/%3Fx%3D1%23y',
      'https://api.example.test/v1/projects/%252e%252e/exports/...%2F..',
    ]);
  });
});

describe('ids in paths, against the reference server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 7 });
  });
  afterAll(async () => server.close());

  it('content.delete(projectId, "..") deletes nothing', async () => {
    const client = new Rankquill({ apiKey: server.demo.api_key, baseURL: server.apiBaseUrl });
    const projectId = server.demo.project_id;
    const before = await client.content.list(projectId, { limit: 100 });
    const error = await client.content.delete(projectId, '..').catch(errorOf);
    expect(error).toBeInstanceOf(RankquillError);
    expect(error.message).toMatch(/^content\.delete\(\) got "\.\." for contentId/);
    expect((await client.projects.retrieve(projectId)).id).toBe(projectId);
    expect((await client.content.list(projectId, { limit: 100 })).pagination.total).toBe(
      before.pagination.total,
    );
  });

  it('projects.retrieve(".") lists nothing', async () => {
    const client = new Rankquill({ apiKey: server.demo.api_key, baseURL: server.apiBaseUrl });
    const error = await client.projects.retrieve('.').catch(errorOf);
    expect(error).toBeInstanceOf(RankquillError);
    expect(error.message).toMatch(/^projects\.retrieve\(\) got "\." for projectId/);
  });
});
