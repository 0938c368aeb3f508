// Writes packages/contract/vectors/{signatures,deliveries}.json. Cases and expected answers are
// written out by hand below; only the signatures are computed, with node:crypto, independently of
// the WebCrypto code under test. Run: node packages/webhooks/scripts/build-vectors.mjs
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../../contract/vectors/${name}`, import.meta.url));
const sign = (secret, id, timestamp, body) =>
  `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;

// ---------------------------------------------------------------- signatures.json
const SIG_SECRET = 'rq_whsec_test_5f1d0c9a7e3b';
const NOW = 1767259800; // 2026-01-01T09:30:00Z

const signCases = [
  {
    name: 'ascii JSON body',
    secret: SIG_SECRET,
    id: 'dlv_01JGXK8N5Q',
    timestamp: NOW,
    body: '{"title":"Hello","slug":"hello","content":"<p>Hi</p>"}',
  },
  {
    name: 'unicode body (French accents, CJK, emoji, multi-byte UTF-8)',
    secret: SIG_SECRET,
    id: 'dlv_01JGXK8N5R',
    timestamp: NOW,
    body: '{"title":"Café crème : le guide ☕","slug":"cafe-creme","content":"<p>Déjà vu — 東京 🍵</p>","language":"fr"}',
  },
  { name: 'empty body', secret: SIG_SECRET, id: 'dlv_01JGXK8N5S', timestamp: NOW, body: '' },
  {
    name: 'pretty-printed body: whitespace and newlines are signed as sent',
    secret: SIG_SECRET,
    id: 'dlv_01JGXK8N5T',
    timestamp: NOW,
    body: '{\n  "title": "Hello",\n  "slug": "hello"\n}\n',
  },
  {
    name: 'secret with non-ASCII characters (key is its UTF-8 bytes)',
    secret: 'clé-secrète-🔑',
    id: 'msg_2',
    timestamp: 1700000000,
    body: '{"a":1}',
  },
].map((c) => ({
  ...c,
  signed_content: `${c.id}.${c.timestamp}.${c.body}`,
  signature: sign(c.secret, c.id, c.timestamp, c.body),
}));

const vid = 'dlv_01JGXK9V00';
const vbody =
  '{"event":"content.deleted","content_id":"cnt_7Hq2","project_id":"proj_9Xa1","slug":"old-post","language":"en","occurred_at":"2026-01-01T09:29:58.000Z"}';
const good = sign(SIG_SECRET, vid, NOW, vbody);
const headers = (over = {}) => ({
  'webhook-id': vid,
  'webhook-timestamp': String(NOW),
  'webhook-signature': good,
  ...over,
});
const verifyCases = [
  { name: 'valid signature', headers: headers(), valid: true },
  {
    name: 'timestamp exactly at the 300-second tolerance is accepted',
    now: NOW + 300,
    headers: headers(),
    valid: true,
  },
  {
    name: 'timestamp 301 seconds old is a replay',
    now: NOW + 301,
    headers: headers(),
    valid: false,
    error_type: 'timestamp_outside_tolerance',
  },
  {
    name: 'timestamp one hour old is a replay',
    now: NOW + 3600,
    headers: headers(),
    valid: false,
    error_type: 'timestamp_outside_tolerance',
  },
  {
    name: 'timestamp 301 seconds in the future is rejected',
    now: NOW - 301,
    headers: headers(),
    valid: false,
    error_type: 'timestamp_outside_tolerance',
  },
  {
    name: 'wider tolerance accepts an older timestamp',
    now: NOW + 3600,
    tolerance_seconds: 3600,
    headers: headers(),
    valid: true,
  },
  {
    name: 'several space-separated signatures, one valid (secret rotation)',
    headers: headers({ 'webhook-signature': `v1,${Buffer.alloc(32, 7).toString('base64')} ${good}` }),
    valid: true,
  },
  {
    name: 'unknown signature versions are ignored',
    headers: headers({ 'webhook-signature': `v1a,${good.slice(3)}` }),
    valid: false,
    error_type: 'signature_mismatch',
  },
  {
    name: 'signature that is not base64',
    headers: headers({ 'webhook-signature': 'v1,***not-base64***' }),
    valid: false,
    error_type: 'signature_mismatch',
  },
  {
    name: 'tampered body',
    body: vbody.replace('old-post', 'other-post'),
    headers: headers(),
    valid: false,
    error_type: 'signature_mismatch',
  },
  {
    name: 'body re-serialized with other whitespace no longer matches',
    body: JSON.stringify(JSON.parse(vbody), null, 2),
    headers: headers(),
    valid: false,
    error_type: 'signature_mismatch',
  },
  {
    name: 'signed with another secret',
    headers: headers({ 'webhook-signature': sign('another-secret', vid, NOW, vbody) }),
    valid: false,
    error_type: 'signature_mismatch',
  },
  {
    name: 'signature of another webhook-id',
    headers: headers({ 'webhook-signature': sign(SIG_SECRET, 'dlv_other', NOW, vbody) }),
    valid: false,
    error_type: 'signature_mismatch',
  },
  {
    name: 'missing webhook-id',
    headers: (({ 'webhook-id': _, ...rest }) => rest)(headers()),
    valid: false,
    error_type: 'missing_header',
  },
  {
    name: 'missing webhook-signature',
    headers: (({ 'webhook-signature': _, ...rest }) => rest)(headers()),
    valid: false,
    error_type: 'missing_header',
  },
  {
    name: 'timestamp that is not Unix seconds',
    headers: headers({ 'webhook-timestamp': '2026-01-01T09:30:00Z' }),
    valid: false,
    error_type: 'invalid_timestamp',
  },
].map((c) => ({
  name: c.name,
  secret: SIG_SECRET,
  now: c.now ?? NOW,
  tolerance_seconds: c.tolerance_seconds ?? 300,
  headers: c.headers,
  body: c.body ?? vbody,
  valid: c.valid,
  ...(c.error_type ? { error_type: c.error_type } : {}),
}));

const signatures = {
  description:
    'Standard Webhooks signatures of Rankquill deliveries. webhook-signature = "v1," + base64(HMAC-SHA256(key = UTF-8 bytes of the secret, message = UTF-8 bytes of "<webhook-id>.<webhook-timestamp>.<raw body>")). See README.md.',
  sign: signCases,
  verify: verifyCases,
};

// ---------------------------------------------------------------- deliveries.json
const SECRET = 'rq_whsec_live_8c41f2d9b7a0';
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
  signWith,
  signBody,
  signatureHeader,
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
    'webhook-id': deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader ?? sign(signWith ?? SECRET, deliveryId, timestamp, signBody ?? raw),
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

const REQ = 'A content.published body needs title, slug, content.';
const cases = [
  delivery({
    id: 'published-full',
    name: 'content.published with every field',
    description: 'A complete article (spec 2.5) is stored as sent and answered with its URL.',
    event: 'content.published',
    body: full,
    expected: { status: 200, body: { success: true, url: fullUrl }, store: { [full.slug]: storedFull } },
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
    id: 'published-unsigned-spec-sender',
    name: 'unsigned bare article with signature checks off',
    description:
      'A sender that follows only the spec: x-service-key and the article, no x-service-event and no webhook-* headers. With verify_signature false it is content.published.',
    receiver: { verify_signature: false },
    body: full,
    omit: ['x-service-delivery', 'webhook-id', 'webhook-timestamp', 'webhook-signature'],
    expected: { status: 200, body: { success: true, url: fullUrl }, store: { [full.slug]: storedFull } },
  }),
  delivery({
    id: 'published-multiple-signatures',
    name: 'several signatures, one valid',
    description:
      'During a secret rotation webhook-signature holds several space-separated signatures; one match is enough.',
    event: 'content.published',
    body: full,
    signatureHeader: undefined,
    expected: { status: 200, body: { success: true, url: fullUrl }, store: { [full.slug]: storedFull } },
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
    id: 'bad-signature',
    name: 'body changed after signing',
    description: '401: the signature was computed over another body.',
    event: 'content.published',
    body: full,
    signBody: compact({ ...full, title: 'Something else' }),
    expected: {
      status: 401,
      body: {
        error:
          'Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the receiver\'s secret. Check the secret, and pass the body exactly as received.',
      },
      error_contains: ['webhook-signature'],
      store: { [full.slug]: null },
    },
  }),
  delivery({
    id: 'missing-signature-headers',
    name: 'signature headers missing while checks are on',
    description: '401 naming the missing Standard Webhooks headers.',
    event: 'content.published',
    body: full,
    omit: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
    expected: {
      status: 401,
      body: {
        error:
          'Missing webhook-id, webhook-timestamp, webhook-signature headers: signed deliveries carry webhook-id, webhook-timestamp and webhook-signature. Create the receiver with verifySignature: false to accept unsigned deliveries.',
      },
      error_contains: ['webhook-signature'],
      store: { [full.slug]: null },
    },
  }),
  delivery({
    id: 'replayed-timestamp',
    name: 'replay: correctly signed but 1 hour old',
    description: '401: webhook-timestamp lies outside the 5-minute tolerance.',
    event: 'content.published',
    body: full,
    timestamp: NOW - 3600,
    expected: {
      status: 401,
      body: {
        error: `webhook-timestamp ${NOW - 3600} is 3600 seconds behind the receiver's clock; deliveries older than 300 seconds are rejected as replays. Check the receiver's clock if this delivery is new.`,
      },
      error_contains: ['webhook-timestamp'],
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

// Two signatures for the rotation case: a stale one first, then the valid one.
const rotation = cases.find((c) => c.id === 'published-multiple-signatures');
rotation.request.headers['webhook-signature'] =
  `${sign('rq_whsec_live_previous', rotation.request.headers['webhook-id'], NOW, rotation.request.body)} ${rotation.request.headers['webhook-signature']}`;

const deliveries = {
  description: 'Full webhook deliveries and the answer a receiver must give. See README.md for the format.',
  receiver: {
    secret: SECRET,
    verify_signature: true,
    tolerance_seconds: 300,
    author_default: 'Rankquill',
    site_base_url: '',
    remove_on: ['content.unpublished', 'content.deleted'],
  },
  cases,
};

writeFileSync(out('signatures.json'), `${JSON.stringify(signatures, null, 2)}\n`);
writeFileSync(out('deliveries.json'), `${JSON.stringify(deliveries, null, 2)}\n`);
console.log(`wrote ${signCases.length + verifyCases.length} signature cases and ${cases.length} deliveries`);
