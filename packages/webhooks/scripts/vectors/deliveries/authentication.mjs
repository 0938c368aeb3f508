// Who may deliver: the x-service-key secret, the webhook signature with and without a signing
// secret, rotation, and the timestamp tolerance.
import { NOW, sign, signWithText } from '../signing.mjs';
import {
  acceptedFull,
  compact,
  delivery,
  full,
  PREVIOUS_SIGNING_SECRET,
  removal,
  SECRET,
  SIGNING_SECRET,
  storedFull,
} from './delivery.mjs';

const MISMATCH =
  'Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the signing secret. Check that the receiver has the project\'s current signing secret (whsec_…, not the x-service-key secret), and pass the body exactly as received.';

/** A content.published of `full`, signed `secondsOld` seconds before the receiver's clock (negative: ahead). */
function timed(id, description, secondsOld) {
  const seconds = Math.abs(secondsOld);
  const error =
    secondsOld > 0
      ? `webhook-timestamp ${NOW - secondsOld} is ${seconds} seconds behind the receiver's clock; deliveries older than 300 seconds are rejected as replays. Check the receiver's clock if this delivery is new.`
      : `webhook-timestamp ${NOW - secondsOld} is ${seconds} seconds ahead of the receiver's clock; the tolerance is 300 seconds. Check the receiver's clock.`;
  return delivery({
    id,
    name: `timestamp ${seconds} seconds ${secondsOld > 0 ? 'old' : 'ahead'}`,
    description,
    event: 'content.published',
    body: full,
    timestamp: NOW - secondsOld,
    expected:
      seconds <= 300
        ? acceptedFull
        : {
            status: 401,
            body: { error },
            error_contains: ['webhook-timestamp'],
            store: { [full.slug]: null },
          },
  });
}

/** The webhook signature: without a signing secret, with one, across a rotation, and the timestamp tolerance. */
export function signatureCases() {
  return [
    delivery({
      id: 'spec-sender-without-signing-secret',
      name: 'only x-service-key, receiver without a signing secret',
      description:
        'What spec sections 5 and 6 promise: x-service-key and the bare article, no x-service-event and no webhook-* headers. A receiver without a signing secret accepts it as content.published.',
      receiver: { signing_secret: null },
      body: full,
      omit: ['x-service-delivery'],
      unsigned: true,
      expected: acceptedFull,
    }),
    delivery({
      id: 'signature-headers-ignored-without-signing-secret',
      name: 'signature headers that do not verify, receiver without a signing secret',
      description:
        'Without a signing secret the receiver has nothing to check a signature with: it ignores the webhook-* headers and accepts on x-service-key.',
      event: 'content.published',
      receiver: { signing_secret: null },
      body: full,
      signature: () => `v1,${Buffer.alloc(32, 7).toString('base64')}`,
      expected: acceptedFull,
    }),
    delivery({
      id: 'wrong-secret-without-signing-secret',
      name: 'wrong x-service-key, receiver without a signing secret',
      description: '401: x-service-key is checked whether or not the receiver has a signing secret.',
      event: 'content.published',
      receiver: { signing_secret: null },
      body: full,
      unsigned: true,
      headers: { 'x-service-key': 'rq_whsec_live_wrong' },
      expected: {
        status: 401,
        body: {
          error: 'Invalid x-service-key: it does not match the secret this receiver was configured with.',
        },
        error_contains: ['x-service-key'],
        store: { [full.slug]: null },
      },
    }),
    delivery({
      id: 'unsigned-with-signing-secret',
      name: 'only x-service-key, receiver with a signing secret',
      description:
        '401 naming the missing headers: a receiver given a signing secret accepts only deliveries signed with it.',
      event: 'content.published',
      body: full,
      unsigned: true,
      expected: {
        status: 401,
        body: {
          error:
            'Missing webhook-id, webhook-timestamp, webhook-signature headers: a receiver with a signing secret accepts only deliveries signed with it, which carry webhook-id, webhook-timestamp and webhook-signature.',
        },
        error_contains: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
        store: { [full.slug]: null },
      },
    }),
    delivery({
      id: 'missing-timestamp-with-signing-secret',
      name: 'webhook-timestamp missing',
      description: '401 naming the one missing header.',
      event: 'content.published',
      body: full,
      omit: ['webhook-timestamp'],
      expected: {
        status: 401,
        body: {
          error:
            'Missing webhook-timestamp header: a receiver with a signing secret accepts only deliveries signed with it, which carry webhook-id, webhook-timestamp and webhook-signature.',
        },
        error_contains: ['webhook-timestamp'],
        store: { [full.slug]: null },
      },
    }),
    delivery({
      id: 'signed-with-service-key',
      name: 'signed with the x-service-key value as key',
      description:
        '401: anyone who saw one delivery knows x-service-key and can sign with it; only the signing secret, never sent, makes a valid signature.',
      event: 'content.deleted',
      storeBefore: [storedFull],
      body: removal('content.deleted'),
      signature: (id, timestamp, raw) => signWithText(SECRET, id, timestamp, raw),
      expected: {
        status: 401,
        body: { error: MISMATCH },
        error_contains: ['webhook-signature'],
        store: { [full.slug]: storedFull },
      },
    }),
    delivery({
      id: 'bad-signature',
      name: 'body changed after signing',
      description: '401: the signature was computed over another body.',
      event: 'content.published',
      body: full,
      signBody: compact({ ...full, title: 'Something else' }),
      expected: {
        status: 401,
        body: { error: MISMATCH },
        error_contains: ['webhook-signature'],
        store: { [full.slug]: null },
      },
    }),
    delivery({
      id: 'rotation-second-signature-matches',
      name: 'two signatures, the second one matches',
      description:
        'During a signing-secret rotation webhook-signature holds one signature per secret, space-separated; the receiver has the new secret, which signed second.',
      event: 'content.published',
      body: full,
      signature: (id, timestamp, raw) =>
        `${sign(PREVIOUS_SIGNING_SECRET, id, timestamp, raw)} ${sign(SIGNING_SECRET, id, timestamp, raw)}`,
      expected: acceptedFull,
    }),
    delivery({
      id: 'rotation-first-signature-matches',
      name: 'two signatures, the first one matches',
      description: 'The receiver still has the previous secret, which signed first; one match is enough.',
      event: 'content.published',
      receiver: { signing_secret: PREVIOUS_SIGNING_SECRET },
      body: full,
      signature: (id, timestamp, raw) =>
        `${sign(PREVIOUS_SIGNING_SECRET, id, timestamp, raw)} ${sign(SIGNING_SECRET, id, timestamp, raw)}`,
      expected: acceptedFull,
    }),
    timed(
      'tolerance-300-seconds-old',
      'The tolerance is inclusive: a delivery signed 5 minutes ago is accepted.',
      300,
    ),
    timed('tolerance-301-seconds-old', '401: one second past the tolerance counts as a replay.', 301),
    timed(
      'tolerance-300-seconds-ahead',
      "Accepted: the sender's clock may run up to 5 minutes ahead of the receiver's.",
      -300,
    ),
    timed('tolerance-301-seconds-ahead', '401: a timestamp too far in the future.', -301),
    timed('replayed-timestamp', '401: correctly signed but 1 hour old, a replay.', 3600),
  ];
}

/** The x-service-key secret: wrong or absent. */
export function serviceKeyCases() {
  return [
    delivery({
      id: 'wrong-secret',
      name: 'wrong x-service-key',
      description: '401: the header does not match the configured secret (checked before anything else).',
      event: 'content.published',
      body: full,
      headers: { 'x-service-key': 'rq_whsec_live_wrong' },
      expected: {
        status: 401,
        body: {
          error: 'Invalid x-service-key: it does not match the secret this receiver was configured with.',
        },
        error_contains: ['x-service-key'],
        store: { [full.slug]: null },
      },
    }),
    delivery({
      id: 'missing-secret',
      name: 'missing x-service-key',
      description: '401 when the header is absent.',
      event: 'content.published',
      body: full,
      omit: ['x-service-key'],
      expected: {
        status: 401,
        body: {
          error:
            "Missing x-service-key header: send the webhook secret configured in the project's integration settings.",
        },
        error_contains: ['x-service-key'],
        store: { [full.slug]: null },
      },
    }),
  ];
}
