import { EVENT_TYPES, type WebhookEventName } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '../src/index';
import { describePayloadProblems, KNOWN_EVENTS } from '../src/payload-errors';
import { deliveries as deliveryVectors } from './helpers/vectors';

// The receiver checks event bodies against a table generated from the contract's OpenAPI
// document instead of the contract's zod schemas (which would make a worker bundle 450 KB
// larger). These tests hold the two to the same verdict on every field of every event.

/** A valid body of each event that names itself, from the shared delivery vectors. */
const samples = new Map<string, Record<string, unknown>>();
for (const delivery of deliveryVectors.cases) {
  if (delivery.expected.status !== 200) continue;
  const body = JSON.parse(delivery.request.body) as Record<string, unknown>;
  if (typeof body.event === 'string') samples.set(body.event, body);
}
const namedEvents = KNOWN_EVENTS.filter(
  (event) => event !== 'content.published' && event !== 'content.updated',
);

/** Values of every JSON kind, to put in each field in turn. */
const VALUES: unknown[] = [
  null,
  'text',
  '2026-01-01T09:30:00.000Z',
  '2026-01-01',
  7,
  7.5,
  -1,
  true,
  [],
  ['a'],
  [1],
  {},
];

describe('event bodies, checked without zod', () => {
  it('knows the events of the contract, in its order', () => {
    expect(KNOWN_EVENTS).toEqual(Object.keys(EVENT_TYPES));
  });

  it.each(namedEvents)('%s: a valid body passes, as it does the contract schema', (event) => {
    const body = samples.get(event);
    if (!body) throw new Error(`no valid ${event} body among the delivery vectors`);
    expect(EVENT_TYPES[event].safeParse(body).success).toBe(true);
    expect(describePayloadProblems(event, body)).toBeUndefined();
  });

  it.each(namedEvents)(
    "%s: each field absent or of each kind gets the contract schema's verdict, naming the field",
    (event) => {
      const body = samples.get(event) as Record<string, unknown>;
      for (const field of Object.keys(body)) {
        const { [field]: _, ...without } = body;
        for (const variant of [without, ...VALUES.map((value) => ({ ...body, [field]: value }))]) {
          const accepted = EVENT_TYPES[event as WebhookEventName].safeParse(variant).success;
          const problems = describePayloadProblems(event, variant);
          const label = `${event}.${field} = ${JSON.stringify(variant[field])}`;
          expect(problems === undefined, label).toBe(accepted);
          if (problems !== undefined) expect(problems, label).toMatch(new RegExp(`\\b${field}\\b`));
        }
      }
    },
  );

  it('says what each field must be, then what the event needs', async () => {
    const body = {
      event: 'keyword.ranking_changed',
      project_id: 'proj_1',
      keyword_id: 7,
      keyword: 'coffee',
      previous_position: 2.5,
      change: null,
      checked_at: 'yesterday',
    };
    const result = await createWebhookReceiver({ secret: 's' }).handle({
      headers: { 'x-service-key': 's', 'x-service-event': 'keyword.ranking_changed' },
      rawBody: JSON.stringify(body),
    });
    expect(result.status).toBe(400);
    expect((result.body as { error: string }).error).toBe(
      'Missing required field: position. Invalid field keyword_id: must be a string. ' +
        'Invalid field previous_position: must be an integer. ' +
        'Invalid field checked_at: must be an ISO 8601 UTC timestamp such as 2026-01-01T09:30:00.000Z. ' +
        'A keyword.ranking_changed body needs event, project_id, keyword_id, keyword, previous_position, position, change, checked_at.',
    );
  });

  it('hands handlers the fields of the contract only, as the schema parsed them before', async () => {
    const body = { ...samples.get('content.deleted'), extra: 'not in the contract' };
    let received: unknown;
    const receiver = createWebhookReceiver({
      secret: 's',
      store: false,
      on: {
        'content.deleted': (event) => {
          received = event;
        },
      },
    });
    const result = await receiver.handle({
      headers: { 'x-service-key': 's', 'x-service-event': 'content.deleted' },
      rawBody: JSON.stringify(body),
    });
    expect(result.status).toBe(200);
    expect(received).toEqual(EVENT_TYPES['content.deleted'].parse(body));
  });
});
