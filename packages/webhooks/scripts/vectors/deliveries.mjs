// The content of deliveries.json: whole deliveries and the answer a receiver must give.
import { NOW, sign, signingSecretOf, signWithText } from './signing.mjs';

const SECRET = 'rq_whsec_live_8c41f2d9b7a0';
const SIGNING_SECRET = signingSecretOf('rankquill vectors: deliveries');
const PREVIOUS_SIGNING_SECRET = signingSecretOf('rankquill vectors: deliveries, before rotation');
const compact = (value) => JSON.stringify(value);

const full = {
  title: 'How to Brew Pour-Over Coffee at Home',
  slug: 'how-to-brew-pour-over-coffee',
  content: '<h2>What you need</h2><p>A dripper, a paper filter and freshly ground beans.</p>',
  excerpt: 'A step-by-step guide to brewing pour-over coffee at home.',
  meta_title: 'Pour-Over Coffee at Home: A Step-by-Step Guide',
  meta_description: 'Learn to brew pour-over coffee at home with a dripper, a filter and fresh beans.',
  keywords: ['pour over coffee', 'coffee brewing', 'home barista'],
  canonical_url: '',
  featured_image: 'https://cdn.rankquill.example/images/pour-over.jpg',
  author: 'Dana Whitfield',
  language: 'en',
};
const fullUrl = '/en/resources/blog/how-to-brew-pour-over-coffee';
const defaults = (a) => ({
  excerpt: '',
  keywords: [],
  canonical_url: '',
  featured_image: '',
  author: 'Rankquill',
  language: 'en',
  meta_title: a.title,
  meta_description: a.excerpt ?? '',
  ...a,
});
const french = {
  title: 'Café crème : le guide complet ☕',
  slug: 'cafe-creme-guide-complet',
  content: '<p>Le café crème, c’est l’équilibre entre l’espresso et le lait — à Paris comme à 東京.</p>',
  excerpt: 'Tout savoir sur le café crème.',
  meta_title: 'Café crème : le guide complet',
  meta_description: 'Préparer un café crème parfait à la maison.',
  keywords: ['café crème', 'espresso'],
  canonical_url: 'https://www.example.fr/blog/cafe-creme',
  featured_image: '',
  author: 'Élodie Martin',
  language: 'fr',
};
const removal = (event) => ({
  event,
  content_id: 'cnt_7Hq2Lm',
  project_id: 'proj_9Xa1Bc',
  slug: full.slug,
  language: 'en',
  occurred_at: '2026-01-01T09:29:58.000Z',
});
const storedFull = { ...full, url: fullUrl };

let counter = 0;
function delivery({
  id,
  name,
  description,
  event,
  body,
  now = NOW,
  receiver,
  storeBefore,
  headers: over = {},
  omit = [],
  timestamp = now,
  unsigned = false,
  signBody,
  signature,
  expected,
}) {
  counter += 1;
  const raw = typeof body === 'string' ? body : compact(body);
  const deliveryId = `dlv_01JGXM${String(counter).padStart(4, '0')}`;
  const base = {
    'content-type': 'application/json',
    'user-agent': 'Rankquill-Webhooks/1.0',
    'x-service-key': SECRET,
    ...(event ? { 'x-service-event': event } : {}),
    'x-service-delivery': deliveryId,
    ...(unsigned
      ? {}
      : {
          'webhook-id': deliveryId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature
            ? signature(deliveryId, timestamp, raw)
            : sign(SIGNING_SECRET, deliveryId, timestamp, signBody ?? raw),
        }),
    ...over,
  };
  for (const name of omit) delete base[name];
  for (const [key, value] of Object.entries(base)) if (value === undefined) delete base[key];
  return {
    id,
    name,
    description,
    now,
    ...(receiver ? { receiver } : {}),
    ...(storeBefore ? { store_before: storeBefore } : {}),
    request: { method: 'POST', path: '/webhook', headers: base, body: raw },
    expected,
  };
}

/** The answer to a content.published of `full`, stored as sent. */
const acceptedFull = {
  status: 200,
  body: { success: true, url: fullUrl },
  store: { [full.slug]: storedFull },
};

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

const REQ = 'A content.published body needs title, slug, content.';
const MISMATCH =
  'Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the signing secret. Check that the receiver has the project\'s current signing secret (whsec_…, not the x-service-key secret), and pass the body exactly as received.';
const cases = [
  delivery({
    id: 'published-full',
    name: 'content.published with every field',
    description: 'A complete article (spec 2.5) is stored as sent and answered with its URL.',
    event: 'content.published',
    body: full,
    expected: acceptedFull,
  }),
  delivery({
    id: 'published-defaults-minimal',
    name: 'defaults applied to a body with only title, slug and content',
    description:
      'Spec 6 point 3: empty strings, no keywords, author "Rankquill", language en, meta_title = title, meta_description = excerpt.',
    event: 'content.published',
    body: {
      title: 'Cold Brew in 5 Steps',
      slug: 'cold-brew-in-5-steps',
      content: '<p>Steep coarse grounds overnight.</p>',
    },
    expected: {
      status: 200,
      body: { success: true, url: '/en/resources/blog/cold-brew-in-5-steps' },
      store: {
        'cold-brew-in-5-steps': {
          ...defaults({
            title: 'Cold Brew in 5 Steps',
            slug: 'cold-brew-in-5-steps',
            content: '<p>Steep coarse grounds overnight.</p>',
          }),
          url: '/en/resources/blog/cold-brew-in-5-steps',
        },
      },
    },
  }),
  delivery({
    id: 'published-defaults-excerpt',
    name: 'meta_description defaults to the excerpt',
    description: 'With an excerpt and no meta_description, meta_description takes the excerpt.',
    event: 'content.published',
    body: {
      title: 'Espresso Ratios',
      slug: 'espresso-ratios',
      content: '<p>1:2 is a good start.</p>',
      excerpt: 'Which ratio to start from.',
    },
    expected: {
      status: 200,
      body: { success: true, url: '/en/resources/blog/espresso-ratios' },
      store: {
        'espresso-ratios': {
          ...defaults({
            title: 'Espresso Ratios',
            slug: 'espresso-ratios',
            content: '<p>1:2 is a good start.</p>',
            excerpt: 'Which ratio to start from.',
          }),
          url: '/en/resources/blog/espresso-ratios',
        },
      },
    },
  }),
  delivery({
    id: 'published-defaults-null-and-empty',
    name: 'null and empty optional fields get their defaults',
    description:
      'A field that is null or an empty string counts as absent: meta_title, author and language fall back, keywords null becomes [].',
    event: 'content.published',
    body: {
      title: 'Grind Size Guide',
      slug: 'grind-size-guide',
      content: '<p>Finer for espresso.</p>',
      excerpt: 'Match the grind to the brew.',
      meta_title: '',
      meta_description: null,
      keywords: null,
      author: '',
      language: '',
    },
    expected: {
      status: 200,
      body: { success: true, url: '/en/resources/blog/grind-size-guide' },
      store: {
        'grind-size-guide': {
          ...defaults({
            title: 'Grind Size Guide',
            slug: 'grind-size-guide',
            content: '<p>Finer for espresso.</p>',
            excerpt: 'Match the grind to the brew.',
          }),
          url: '/en/resources/blog/grind-size-guide',
        },
      },
    },
  }),
  delivery({
    id: 'published-unicode-fr',
    name: 'French article with a unicode body',
    description: 'Multi-byte UTF-8 in the signed body; the URL uses the article language.',
    event: 'content.published',
    body: french,
    expected: {
      status: 200,
      body: { success: true, url: '/fr/resources/blog/cafe-creme-guide-complet' },
      store: { [french.slug]: { ...french, url: '/fr/resources/blog/cafe-creme-guide-complet' } },
    },
  }),
  delivery({
    id: 'updated-upserts-by-slug',
    name: 'content.updated replaces the article with the same slug',
    description: 'The receiver upserts by slug: the stored article is replaced by the new version.',
    event: 'content.updated',
    storeBefore: [storedFull],
    body: {
      ...full,
      title: 'How to Brew Pour-Over Coffee (Updated for 2026)',
      content: '<p>Now with a 1:16 ratio.</p>',
    },
    expected: {
      status: 200,
      body: { success: true, url: fullUrl },
      store: {
        [full.slug]: {
          ...storedFull,
          title: 'How to Brew Pour-Over Coffee (Updated for 2026)',
          content: '<p>Now with a 1:16 ratio.</p>',
        },
      },
    },
  }),
  delivery({
    id: 'published-site-base-url',
    name: 'siteBaseUrl prefixes the answered URL',
    description: 'A receiver configured with site_base_url (trailing slash ignored) answers an absolute URL.',
    event: 'content.published',
    receiver: { site_base_url: 'https://www.example.com/' },
    body: full,
    expected: {
      status: 200,
      body: { success: true, url: `https://www.example.com${fullUrl}` },
      store: { [full.slug]: { ...full, url: `https://www.example.com${fullUrl}` } },
    },
  }),
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
  delivery({
    id: 'published-content-sanitized',
    name: 'content is sanitized before it is stored',
    description:
      'A script, an event handler and a javascript: URL are removed from content with the HTML allow-list (html-allow-list.json); the rest is stored.',
    event: 'content.published',
    body: {
      ...full,
      content:
        '<p onclick="steal()">Brew <a href="javascript:alert(1)">well</a><script>alert(document.cookie)</script></p>',
    },
    expected: {
      status: 200,
      body: { success: true, url: fullUrl },
      store: { [full.slug]: { ...storedFull, content: '<p>Brew <a>well</a></p>' } },
    },
  }),
  delivery({
    id: 'missing-title',
    name: 'missing title',
    description: '400 naming the missing field; nothing is stored.',
    event: 'content.published',
    body: (({ title: _, ...rest }) => rest)(full),
    expected: {
      status: 400,
      body: { error: `Missing required field: title. ${REQ}` },
      error_contains: ['title'],
      store: { [full.slug]: null },
    },
  }),
  delivery({
    id: 'missing-slug-and-content',
    name: 'missing slug and content',
    description: '400 naming each missing field.',
    event: 'content.published',
    body: (({ slug: _s, content: _c, ...rest }) => rest)(full),
    expected: {
      status: 400,
      body: { error: `Missing required fields: slug, content. ${REQ}` },
      error_contains: ['slug', 'content'],
    },
  }),
  delivery({
    id: 'blank-title',
    name: 'blank title counts as missing',
    description: 'A title of only spaces cannot head a page: 400 naming title.',
    event: 'content.published',
    body: { ...full, title: '   ' },
    expected: {
      status: 400,
      body: { error: `Missing required field: title. ${REQ}` },
      error_contains: ['title'],
      store: { [full.slug]: null },
    },
  }),
  delivery({
    id: 'invalid-keywords',
    name: 'keywords of the wrong type',
    description: '400 naming the field and the expected shape.',
    event: 'content.published',
    body: { ...full, keywords: 'coffee' },
    expected: {
      status: 400,
      body: { error: `Invalid field keywords: must be an array of strings. ${REQ}` },
      error_contains: ['keywords'],
      store: { [full.slug]: null },
    },
  }),
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
  delivery({
    id: 'unpublished-removes',
    name: 'content.unpublished removes the article',
    description: 'The article with this slug is removed; the answer carries the URL it had.',
    event: 'content.unpublished',
    storeBefore: [storedFull],
    body: removal('content.unpublished'),
    expected: { status: 200, body: { success: true, url: fullUrl }, store: { [full.slug]: null } },
  }),
  delivery({
    id: 'deleted-removes',
    name: 'content.deleted removes the article',
    description: 'The article with this slug is removed.',
    event: 'content.deleted',
    storeBefore: [storedFull],
    body: removal('content.deleted'),
    expected: { status: 200, body: { success: true, url: fullUrl }, store: { [full.slug]: null } },
  }),
  delivery({
    id: 'deleted-already-gone',
    name: 'content.deleted for an article the receiver does not have',
    description: 'Removal is idempotent so that a retried delivery succeeds.',
    event: 'content.deleted',
    body: removal('content.deleted'),
    expected: { status: 200, body: { success: true, url: fullUrl }, store: { [full.slug]: null } },
  }),
  delivery({
    id: 'deleted-missing-slug',
    name: 'content.deleted without slug',
    description: '400 naming the missing field.',
    event: 'content.deleted',
    storeBefore: [storedFull],
    body: (({ slug: _, ...rest }) => rest)(removal('content.deleted')),
    expected: {
      status: 400,
      body: {
        error:
          'Missing required field: slug. A content.deleted body needs event, content_id, project_id, slug, language, occurred_at.',
      },
      error_contains: ['slug'],
      store: { [full.slug]: storedFull },
    },
  }),
  delivery({
    id: 'event-mismatch',
    name: 'x-service-event and body event disagree',
    description: '400: the receiver will not guess which event was meant.',
    event: 'content.deleted',
    storeBefore: [storedFull],
    body: removal('content.unpublished'),
    expected: {
      status: 400,
      body: {
        error:
          'The x-service-event header says "content.deleted" but the body\'s event field says "content.unpublished": send one event name.',
      },
      error_contains: ['x-service-event'],
      store: { [full.slug]: storedFull },
    },
  }),
  delivery({
    id: 'generated',
    name: 'content.generated',
    description: 'Accepted; nothing is published yet, so the URL is empty.',
    event: 'content.generated',
    body: {
      event: 'content.generated',
      content_id: 'cnt_7Hq2Lm',
      project_id: 'proj_9Xa1Bc',
      status: 'draft',
      keyword: 'pour over coffee',
      title: full.title,
      slug: full.slug,
      created_at: '2026-01-01T09:12:00.000Z',
    },
    expected: { status: 200, body: { success: true, url: '' }, store: { [full.slug]: null } },
  }),
  delivery({
    id: 'keyword-ranking-changed',
    name: 'keyword.ranking_changed',
    description: 'Accepted and passed to handlers; the URL is empty.',
    event: 'keyword.ranking_changed',
    body: {
      event: 'keyword.ranking_changed',
      project_id: 'proj_9Xa1Bc',
      keyword_id: 'kw_3Fv8',
      keyword: 'pour over coffee',
      previous_position: 12,
      position: 7,
      change: 5,
      checked_at: '2026-01-01T06:00:00.000Z',
    },
    expected: { status: 200, body: { success: true, url: '' } },
  }),
  delivery({
    id: 'ai-visibility-mention-detected',
    name: 'ai_visibility.mention_detected',
    description: 'Accepted and passed to handlers; the URL is empty.',
    event: 'ai_visibility.mention_detected',
    body: {
      event: 'ai_visibility.mention_detected',
      project_id: 'proj_9Xa1Bc',
      response_id: 'rsp_5Kd1',
      prompt_id: 'prm_2Wc9',
      platform: 'perplexity',
      brand: 'Bean & Brew',
      excerpt: 'For pour-over gear, Bean & Brew is often recommended.',
      cited_urls: ['https://www.beanandbrew.example/guides/pour-over'],
      detected_at: '2026-01-01T08:45:00.000Z',
    },
    expected: { status: 200, body: { success: true, url: '' } },
  }),
  delivery({
    id: 'unknown-event',
    name: 'event type this receiver does not know',
    description:
      '202 with success: a newer service may send new events; answering 2xx stops pointless retries.',
    event: 'content.archived',
    body: { event: 'content.archived', content_id: 'cnt_7Hq2Lm', project_id: 'proj_9Xa1Bc' },
    expected: { status: 202, body: { success: true, url: '' } },
  }),
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

export const deliveries = {
  description: 'Full webhook deliveries and the answer a receiver must give. See README.md for the format.',
  receiver: {
    secret: SECRET,
    signing_secret: SIGNING_SECRET,
    author_default: 'Rankquill',
    site_base_url: '',
    remove_on: ['content.unpublished', 'content.deleted'],
  },
  cases,
};
