// Bodies that are not an event at all: malformed JSON and JSON that is not an object.
import { delivery } from './delivery.mjs';

/** Bodies a receiver cannot read as an event. */
export function malformedBodyCases() {
  return [
    delivery({
      id: 'malformed-json',
      name: 'malformed JSON',
      description: '400 after the secret and signature checks passed.',
      event: 'content.published',
      body: '{"title": "Broken", "slug": ',
      expected: {
        status: 400,
        body: { error: 'Request body is not valid JSON: send the event payload as a JSON object.' },
        error_contains: ['JSON'],
      },
    }),
    delivery({
      id: 'body-not-object',
      name: 'JSON body that is not an object',
      description: '400: every event body is a JSON object.',
      event: 'content.published',
      body: '["not","an","object"]',
      expected: {
        status: 400,
        body: { error: 'Request body must be a JSON object, got an array.' },
        error_contains: ['JSON object'],
      },
    }),
  ];
}
