// The content of replays.json: sequences of deliveries to one receiver, and what each answers
// and what the store holds at the end. A store remembers the webhook-id of each delivery it
// applied (at least 10 minutes) and the webhook-timestamp that last changed each article, a
// removed one included (its tombstone).
import { NOW, sign, signingSecretOf } from './signing.mjs';

const SECRET = 'rq_whsec_live_3e90a7c15b2d';
const SIGNING_SECRET = signingSecretOf('rankquill vectors: replays');
/** How long a store remembers an applied webhook-id, at least: twice the signature tolerance. */
const REMEMBER_IDS_SECONDS = 600;

const article = (slug, version) => ({
  title: `Cold Brew, take ${version}`,
  slug,
  content: `<p>Version ${version} of the cold brew guide.</p>`,
  excerpt: `Take ${version}.`,
  meta_title: `Cold Brew ${version}`,
  meta_description: `The cold brew guide, take ${version}.`,
  keywords: ['cold brew'],
  canonical_url: '',
  featured_image: '',
  author: 'Dana Whitfield',
  language: 'en',
});
const urlOf = (slug) => `/en/resources/blog/${slug}`;
const stored = (body) => ({ ...body, url: urlOf(body.slug) });
const A = article('cold-brew', 'A');
const B = article('cold-brew', 'B');
const C = article('cold-brew', 'C');
const D = article('cold-brew', 'D');
const removal = (event, slug) => ({
  event,
  content_id: 'cnt_R3pl4y',
  project_id: 'proj_9Xa1Bc',
  slug,
  language: 'en',
  occurred_at: '2026-01-01T09:30:10.000Z',
});

/**
 * One delivery of a scenario. `id` and `timestamp` fill webhook-id and webhook-timestamp (null:
 * header absent); signed with the scenario's signing secret unless `signed` is false.
 */
function step({ event = 'content.published', body, id, timestamp, now = NOW, signed = true, expected }) {
  const raw = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Rankquill-Webhooks/1.0',
    'x-service-key': SECRET,
    'x-service-event': event,
    ...(id === null ? {} : { 'x-service-delivery': id, 'webhook-id': id }),
    ...(timestamp === null ? {} : { 'webhook-timestamp': String(timestamp) }),
    ...(signed ? { 'webhook-signature': sign(SIGNING_SECRET, id, timestamp, raw) } : {}),
  };
  return {
    now,
    request: { method: 'POST', path: '/webhook', headers, body: raw },
    expected: { status: 200, body: { success: true, url: expected ?? urlOf(body.slug) } },
  };
}

const unsigned = { signing_secret: null };

/** An unpublish of cold-brew (the same options as `step`). */
const unpublish = (options) =>
  step({ event: 'content.unpublished', body: removal('content.unpublished', 'cold-brew'), ...options });

const scenarios = [
  {
    id: 'replay-after-newer-version',
    name: 'publish A, publish B, replay A: B stays',
    description:
      'A signed delivery replayed within the 5-minute tolerance answers 200 with the current URL and changes nothing: its webhook-id was applied already.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      step({ event: 'content.updated', body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10 }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'retry-of-applied-delivery',
    name: 'a retry of an applied delivery, with a new timestamp, changes nothing',
    description:
      'Each attempt carries a fresh webhook-timestamp but the same webhook-id; once that id was applied, another attempt with it answers 200 and changes nothing.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      step({ event: 'content.updated', body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10 }),
      step({ body: A, id: 'msg_A', timestamp: NOW + 30, now: NOW + 30 }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'replay-of-the-only-delivery',
    name: 'the same delivery twice',
    description: 'The second copy answers 200 and leaves the article as the first wrote it.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + 1 }),
    ],
    expected_store: { 'cold-brew': stored(A) },
  },
  {
    id: 'older-timestamp-new-id',
    name: 'a delivery older than the stored article does not overwrite it',
    description:
      'B was sent at NOW+10 and is stored; A, sent at NOW with another webhook-id, arrives later: 200 with the current URL, B stays.',
    steps: [
      step({ body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10 }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'same-timestamp-applies',
    name: 'a delivery as old as the stored article is applied',
    description: 'Only a strictly older webhook-timestamp is refused; the same second is applied.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      step({ event: 'content.updated', body: B, id: 'msg_B', timestamp: NOW, now: NOW + 1 }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'newer-timestamp-applies',
    name: 'a newer delivery is applied',
    description: 'The ordinary case: each new version replaces the last.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      step({ event: 'content.updated', body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10 }),
      step({ event: 'content.updated', body: C, id: 'msg_C', timestamp: NOW + 20, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': stored(C) },
  },
  {
    id: 'replay-after-unpublish',
    name: 'publish A, unpublish, replay A: the article stays off',
    description: 'A replayed publication does not bring back an unpublished article.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      unpublish({ id: 'msg_U', timestamp: NOW + 10, now: NOW + 10 }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': null },
  },
  {
    id: 'older-removal-ignored',
    name: 'an unpublish older than the stored article does not remove it',
    description:
      'B was sent at NOW+10; an unpublish sent at NOW arrives after it: 200 with the URL, B stays published.',
    steps: [
      step({ body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10 }),
      unpublish({ id: 'msg_U', timestamp: NOW, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  // Issue 29, finding 3: removing the article dropped its timestamp, so an older update
  // held back past the removal brought the article back.
  ...['content.unpublished', 'content.deleted'].map((event) => {
    const verb = event === 'content.unpublished' ? 'unpublish' : 'delete';
    return {
      id: `older-update-after-${verb}`,
      name: `publish A, ${verb}, then an older update B: the article stays off`,
      description: `The ${event} sent at NOW+10 leaves a tombstone with its webhook-timestamp; B, sent at NOW+5 with a new webhook-id and held back, arrives after it (inside the signature tolerance): 200 with the URL the delivery would have answered, nothing stored.`,
      steps: [
        step({ body: A, id: 'msg_A', timestamp: NOW }),
        step({
          event,
          body: removal(event, 'cold-brew'),
          id: 'msg_R',
          timestamp: NOW + 10,
          now: NOW + 10,
        }),
        step({ event: 'content.updated', body: B, id: 'msg_B', timestamp: NOW + 5, now: NOW + 20 }),
      ],
      expected_store: { 'cold-brew': null },
    };
  }),
  {
    id: 'older-publish-after-removal-of-unknown-article',
    name: 'an unpublish for an article never stored, then an older publish: nothing stored',
    description:
      'The tombstone is kept whether or not the store held the article: an unpublish sent at NOW+10 that overtook the publication sent at NOW keeps that publication out.',
    steps: [
      unpublish({ id: 'msg_U', timestamp: NOW + 10, now: NOW + 10 }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': null },
  },
  {
    id: 'newer-publish-after-unpublish',
    name: 'publish A, unpublish, publish C again later: C is stored',
    description:
      'The tombstone refuses only older deliveries: a publication sent in the same second as the unpublish, or later, is applied.',
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW }),
      unpublish({ id: 'msg_U', timestamp: NOW + 10, now: NOW + 10 }),
      step({ event: 'content.published', body: C, id: 'msg_C', timestamp: NOW + 10, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': stored(C) },
  },
  {
    id: 'unsigned-tombstone-within-ten-minutes',
    name: 'without a signing secret, an older update 599 seconds after the unpublish changes nothing',
    description:
      'A tombstone is kept at least remember_ids_seconds after the removal, signed or not: B, sent before the unpublish, arrives 599 seconds after it and is not stored.',
    receiver: unsigned,
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW, signed: false }),
      unpublish({ id: 'msg_U', timestamp: NOW + 10, now: NOW + 10, signed: false }),
      step({
        event: 'content.updated',
        body: B,
        id: 'msg_B',
        timestamp: NOW + 5,
        now: NOW + 10 + REMEMBER_IDS_SECONDS - 1,
        signed: false,
      }),
    ],
    expected_store: { 'cold-brew': null },
  },
  {
    id: 'unsigned-removal-without-headers-clears-the-tombstone',
    name: 'without a signing secret, a removal without webhook-id and webhook-timestamp leaves no tombstone',
    description:
      'As an article written by a delivery without the headers keeps no timestamp, a removal without them leaves the slug with none: the next timed delivery, B sent at NOW+5, is applied.',
    receiver: unsigned,
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW, signed: false }),
      unpublish({ id: 'msg_U', timestamp: NOW + 10, now: NOW + 10, signed: false }),
      unpublish({ id: null, timestamp: null, now: NOW + 20, signed: false }),
      step({
        event: 'content.updated',
        body: B,
        id: 'msg_B',
        timestamp: NOW + 5,
        now: NOW + 30,
        signed: false,
      }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'timestamps-are-per-article',
    name: 'an older delivery for another slug is applied',
    description: 'The stored timestamp is per article: a newer article elsewhere does not block this one.',
    steps: [
      step({ body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10 }),
      step({ body: article('iced-latte', 'A'), id: 'msg_L', timestamp: NOW, now: NOW + 20 }),
    ],
    expected_store: { 'cold-brew': stored(B), 'iced-latte': stored(article('iced-latte', 'A')) },
  },
  {
    id: 'unsigned-replay-within-ten-minutes',
    name: 'without a signing secret, a replay 599 seconds later changes nothing',
    description:
      'A receiver without a signing secret cannot tell a replay by its signature, but its store still remembers the webhook-id it applied for at least 10 minutes.',
    receiver: unsigned,
    steps: [
      step({ body: A, id: 'msg_A', timestamp: NOW, signed: false }),
      step({
        event: 'content.updated',
        body: B,
        id: 'msg_B',
        timestamp: NOW + 10,
        now: NOW + 10,
        signed: false,
      }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + REMEMBER_IDS_SECONDS - 1, signed: false }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'unsigned-older-timestamp',
    name: 'without a signing secret, an older webhook-timestamp does not overwrite',
    description: 'The webhook-timestamp header is compared even when no signature is checked.',
    receiver: unsigned,
    steps: [
      step({ body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10, signed: false }),
      step({ body: A, id: 'msg_A', timestamp: NOW, now: NOW + 20, signed: false }),
    ],
    expected_store: { 'cold-brew': stored(B) },
  },
  {
    id: 'unsigned-without-headers',
    name: 'without a signing secret, a delivery without webhook-id and webhook-timestamp is applied',
    description:
      "A receiver without a signing secret accepts what the spec's service sends (x-service-key alone); such a delivery is applied whatever is stored, and the article it writes has no timestamp, so the next timed delivery is applied too.",
    receiver: unsigned,
    steps: [
      step({ body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10, signed: false }),
      step({ body: A, id: null, timestamp: null, now: NOW + 20, signed: false }),
      step({ event: 'content.updated', body: C, id: 'msg_C', timestamp: NOW, now: NOW + 30, signed: false }),
    ],
    expected_store: { 'cold-brew': stored(C) },
  },
  {
    id: 'unsigned-malformed-timestamp',
    name: 'without a signing secret, a webhook-timestamp that is not whole seconds is ignored',
    description:
      'Only ASCII digits forming an integer up to 2^53-1 count as a timestamp; anything else (letters, 5,000 digits) is as if absent, never a 500: D, sent at NOW, is applied after C because C stored no timestamp.',
    receiver: unsigned,
    steps: [
      step({ body: B, id: 'msg_B', timestamp: NOW + 10, now: NOW + 10, signed: false }),
      step({ body: A, id: 'msg_A', timestamp: 'soon', now: NOW + 20, signed: false }),
      step({
        event: 'content.updated',
        body: C,
        id: 'msg_C',
        timestamp: '9'.repeat(5000),
        now: NOW + 30,
        signed: false,
      }),
      step({ event: 'content.updated', body: D, id: 'msg_D', timestamp: NOW, now: NOW + 40, signed: false }),
    ],
    expected_store: { 'cold-brew': stored(D) },
  },
];

export const replays = {
  description:
    'Sequences of deliveries to one receiver: each step has the answer it must get, and expected_store what the store holds after the last step. See README.md.',
  remember_ids_seconds: REMEMBER_IDS_SECONDS,
  receiver: {
    secret: SECRET,
    signing_secret: SIGNING_SECRET,
    author_default: 'Rankquill',
    site_base_url: '',
    remove_on: ['content.unpublished', 'content.deleted'],
  },
  scenarios,
};
