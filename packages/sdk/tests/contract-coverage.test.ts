import { type Operation, operations } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { Rankquill } from '../src/index';

type Call = (client: Rankquill) => PromiseLike<unknown>;

/** One SDK call per customer operation of the contract, by operation id. */
const sdkCallFor: Record<string, Call> = {
  'projects.list': (c) => c.projects.list(),
  'projects.create': (c) => c.projects.create({ name: 'n', domain: 'd.example' }),
  'projects.retrieve': (c) => c.projects.retrieve('p1'),
  'projects.update': (c) => c.projects.update('p1', { name: 'n' }),
  'projects.delete': (c) => c.projects.delete('p1'),
  'projects.rotatePublicApiKey': (c) => c.projects.rotatePublicApiKey('p1'),
  'content.list': (c) => c.content.list('p1'),
  'content.create': (c) => c.content.create('p1', { keyword: 'k' }),
  'content.retrieve': (c) => c.content.retrieve('p1', 'c1'),
  'content.update': (c) => c.content.update('p1', 'c1', { title: 't' }),
  'content.delete': (c) => c.content.delete('p1', 'c1'),
  'content.publish': (c) => c.content.publish('p1', 'c1'),
  'content.unpublish': (c) => c.content.unpublish('p1', 'c1'),
  'projects.webhook.test': (c) => c.webhooks.test('p1'),
  'projects.webhook.rotateSigningSecret': (c) => c.webhooks.rotateSigningSecret('p1'),
  'deliveries.list': (c) => c.deliveries.list('p1'),
  'deliveries.redeliver': (c) => c.deliveries.redeliver('p1', 'd1'),
  'activity.list': (c) => c.activity.list('p1'),
  'keywords.list': (c) => c.keywords.list('p1'),
  'keywords.create': (c) => c.keywords.create('p1', { keyword: 'k' }),
  'keywords.opportunities': (c) => c.keywords.opportunities('p1'),
  'keywords.performance': (c) => c.keywords.performance('p1', 'k1'),
  'content.export': (c) => c.content.export('p1', { format: 'csv' }),
  'keywords.export': (c) => c.keywords.export('p1'),
  'aiVisibility.export': (c) => c.aiVisibility.export('p1'),
  'exports.create': (c) => c.exports.create('p1', { types: ['content'], format: 'json' }),
  'exports.retrieve': (c) => c.exports.retrieve('p1', 'e1'),
  'aiVisibility.retrieve': (c) => c.aiVisibility.retrieve('p1'),
  'aiVisibility.topics.list': (c) => c.aiVisibility.topics.list('p1'),
  'aiVisibility.topics.create': (c) => c.aiVisibility.topics.create('p1', { name: 'n' }),
  'aiVisibility.prompts.list': (c) => c.aiVisibility.prompts.list('p1'),
  'aiVisibility.prompts.create': (c) => c.aiVisibility.prompts.create('p1', { topic_id: 't1', text: 't' }),
  'aiVisibility.responses.list': (c) => c.aiVisibility.responses.list('p1'),
};

// An export at a path of its own (`export.csv`) is for generated clients; the SDK sends `?format=`.
const customerOperations = (operations as readonly Operation[]).filter(
  (op) => op.auth === 'bearer' && op.formatOf === undefined,
);

describe('contract coverage', () => {
  it('has an SDK method for every main API operation of the contract', () => {
    expect(Object.keys(sdkCallFor).sort()).toEqual(customerOperations.map((op) => op.id).sort());
  });

  it.each(customerOperations.map((op) => [op.id, op] as const))(
    '%s sends the method and path of the contract',
    async (id, op) => {
      const seen: Request[] = [];
      const client = new Rankquill({
        apiKey: 'k',
        baseURL: 'https://api.example.test/v1',
        fetch: async (input, init) => {
          seen.push(new Request(input, init));
          return Response.json({
            data: [],
            pagination: { limit: 10, offset: 0, count: 0, total: 0, has_more: false },
          });
        },
      });
      await sdkCallFor[id]?.(client);
      const url = new URL(seen[0]?.url ?? '');
      const expected = `/v1${op.path
        .replace(/^\/v1/, '')
        .replace(':contentId', 'c1')
        .replace(':keywordId', 'k1')
        .replace(':exportId', 'e1')
        .replace(':deliveryId', 'd1')
        .replace(':id', 'p1')}`;
      expect(`${seen[0]?.method} ${url.pathname}`).toBe(`${op.method} ${expected}`);
    },
  );
});
