// The content of signatures.json: signing secrets, signatures, and verification outcomes.
import { keyOf, NOW, sign, signingSecretOf, signWithText, TOLERANCE_SECONDS } from './signing.mjs';

const SIGNING_SECRET = signingSecretOf('rankquill vectors: signatures');
const NEXT_SIGNING_SECRET = signingSecretOf('rankquill vectors: signatures, after rotation');
const SERVICE_KEY = 'rq_whsec_test_5f1d0c9a7e3b';
const base64Of = (length) => Buffer.alloc(length, 0x5a).toString('base64');

const signingSecrets = [
  { name: '32 bytes, as the service generates', signing_secret: SIGNING_SECRET, valid: true },
  { name: '24 bytes, the shortest', signing_secret: signingSecretOf('shortest', 24), valid: true },
  { name: '64 bytes, the longest', signing_secret: signingSecretOf('longest', 64), valid: true },
  {
    name: 'base64 with one padding character',
    signing_secret: signingSecretOf('padded', 26),
    valid: true,
  },
  { name: 'no whsec_ prefix (the x-service-key secret)', signing_secret: SERVICE_KEY, valid: false },
  {
    name: 'prefix in another case',
    signing_secret: `WHSEC_${SIGNING_SECRET.slice(6)}`,
    valid: false,
  },
  { name: 'nothing after the prefix', signing_secret: 'whsec_', valid: false },
  { name: 'not base64', signing_secret: 'whsec_not base64 at all!', valid: false },
  {
    name: 'base64url alphabet (- and _)',
    signing_secret: `whsec_${Buffer.alloc(24, 0xfb).toString('base64url')}`,
    valid: false,
  },
  {
    name: 'padding left out',
    signing_secret: signingSecretOf('padded', 26).replace(/=+$/, ''),
    valid: false,
  },
  { name: 'surrounding whitespace', signing_secret: ` ${SIGNING_SECRET}\n`, valid: false },
  { name: '16 bytes: too short', signing_secret: `whsec_${base64Of(16)}`, valid: false },
  { name: '65 bytes: too long', signing_secret: `whsec_${base64Of(65)}`, valid: false },
].map((entry) => (entry.valid ? { ...entry, key_hex: keyOf(entry.signing_secret).toString('hex') } : entry));

const signCases = [
  {
    name: 'ascii JSON body',
    signing_secret: SIGNING_SECRET,
    id: 'dlv_01JGXK8N5Q',
    timestamp: NOW,
    body: '{"title":"Hello","slug":"hello","content":"<p>Hi</p>"}',
  },
  {
    name: 'unicode body (French accents, CJK, emoji, multi-byte UTF-8)',
    signing_secret: SIGNING_SECRET,
    id: 'dlv_01JGXK8N5R',
    timestamp: NOW,
    body: '{"title":"Café crème : le guide ☕","slug":"cafe-creme","content":"<p>Déjà vu — 東京 🍵</p>","language":"fr"}',
  },
  { name: 'empty body', signing_secret: SIGNING_SECRET, id: 'dlv_01JGXK8N5S', timestamp: NOW, body: '' },
  {
    name: 'pretty-printed body: whitespace and newlines are signed as sent',
    signing_secret: SIGNING_SECRET,
    id: 'dlv_01JGXK8N5T',
    timestamp: NOW,
    body: '{\n  "title": "Hello",\n  "slug": "hello"\n}\n',
  },
  {
    name: '64-byte key',
    signing_secret: signingSecretOf('longest', 64),
    id: 'msg_2',
    timestamp: 1700000000,
    body: '{"a":1}',
  },
].map((entry) => ({
  ...entry,
  key_hex: keyOf(entry.signing_secret).toString('hex'),
  signed_content: `${entry.id}.${entry.timestamp}.${entry.body}`,
  signature: sign(entry.signing_secret, entry.id, entry.timestamp, entry.body),
}));

const id = 'dlv_01JGXK9V00';
const body =
  '{"event":"content.deleted","content_id":"cnt_7Hq2","project_id":"proj_9Xa1","slug":"old-post","language":"en","occurred_at":"2026-01-01T09:29:58.000Z"}';
const good = sign(SIGNING_SECRET, id, NOW, body);
const headers = (changes = {}) => {
  const all = { 'webhook-id': id, 'webhook-timestamp': String(NOW), 'webhook-signature': good, ...changes };
  for (const [name, value] of Object.entries(all)) if (value === undefined) delete all[name];
  return all;
};
const mismatch = { valid: false, error_type: 'signature_mismatch' };
const outside = { valid: false, error_type: 'timestamp_outside_tolerance' };

const verifyCases = [
  { name: 'valid signature', headers: headers(), valid: true },
  {
    name: `timestamp ${TOLERANCE_SECONDS} seconds old: accepted`,
    now: NOW + 300,
    headers: headers(),
    valid: true,
  },
  { name: 'timestamp 301 seconds old: a replay', now: NOW + 301, headers: headers(), ...outside },
  { name: 'timestamp one hour old: a replay', now: NOW + 3600, headers: headers(), ...outside },
  { name: 'timestamp 300 seconds ahead: accepted', now: NOW - 300, headers: headers(), valid: true },
  { name: 'timestamp 301 seconds ahead: refused', now: NOW - 301, headers: headers(), ...outside },
  {
    name: 'rotation: two signatures, the second one matches',
    headers: headers({ 'webhook-signature': `${sign(NEXT_SIGNING_SECRET, id, NOW, body)} ${good}` }),
    valid: true,
  },
  {
    name: 'rotation: two signatures, the first one matches',
    headers: headers({ 'webhook-signature': `${good} ${sign(NEXT_SIGNING_SECRET, id, NOW, body)}` }),
    valid: true,
  },
  {
    name: 'rotation: the receiver has the new signing secret, the delivery is signed by both',
    signing_secret: NEXT_SIGNING_SECRET,
    headers: headers({ 'webhook-signature': `${good} ${sign(NEXT_SIGNING_SECRET, id, NOW, body)}` }),
    valid: true,
  },
  {
    name: 'two signatures, neither matches',
    headers: headers({
      'webhook-signature': `${sign(NEXT_SIGNING_SECRET, id, NOW, body)} v1,${Buffer.alloc(32, 7).toString('base64')}`,
    }),
    ...mismatch,
  },
  {
    name: 'signed with the x-service-key value as key: what anyone who saw a delivery can do',
    headers: headers({ 'webhook-signature': signWithText(SERVICE_KEY, id, NOW, body) }),
    ...mismatch,
  },
  {
    name: 'signed with the text of the signing secret instead of its decoded bytes',
    headers: headers({ 'webhook-signature': signWithText(SIGNING_SECRET, id, NOW, body) }),
    ...mismatch,
  },
  {
    name: 'signed with the text of the base64 part instead of its decoded bytes',
    headers: headers({ 'webhook-signature': signWithText(SIGNING_SECRET.slice(6), id, NOW, body) }),
    ...mismatch,
  },
  {
    name: 'unknown signature versions are ignored',
    headers: headers({ 'webhook-signature': `v1a,${good.slice(3)} v2,${good.slice(3)}` }),
    ...mismatch,
  },
  {
    name: 'signature that is not base64',
    headers: headers({ 'webhook-signature': 'v1,***not-base64***' }),
    ...mismatch,
  },
  { name: 'tampered body', body: body.replace('old-post', 'other-post'), headers: headers(), ...mismatch },
  {
    name: 'body re-serialized with other whitespace no longer matches',
    body: JSON.stringify(JSON.parse(body), null, 2),
    headers: headers(),
    ...mismatch,
  },
  {
    name: 'signature of another webhook-id',
    headers: headers({ 'webhook-signature': sign(SIGNING_SECRET, 'dlv_other', NOW, body) }),
    ...mismatch,
  },
  {
    name: 'webhook-timestamp moved after signing',
    now: NOW + 60,
    headers: headers({ 'webhook-timestamp': String(NOW + 60) }),
    ...mismatch,
  },
  {
    name: 'missing webhook-id',
    headers: headers({ 'webhook-id': undefined }),
    valid: false,
    error_type: 'missing_header',
  },
  {
    name: 'missing webhook-timestamp',
    headers: headers({ 'webhook-timestamp': undefined }),
    valid: false,
    error_type: 'missing_header',
  },
  {
    name: 'missing webhook-signature',
    headers: headers({ 'webhook-signature': undefined }),
    valid: false,
    error_type: 'missing_header',
  },
  {
    name: 'timestamp that is a date, not Unix seconds',
    headers: headers({ 'webhook-timestamp': '2026-01-01T09:30:00Z' }),
    valid: false,
    error_type: 'invalid_timestamp',
  },
  {
    name: 'timestamp with a fraction',
    headers: headers({ 'webhook-timestamp': `${NOW}.5` }),
    valid: false,
    error_type: 'invalid_timestamp',
  },
].map((entry) => ({
  name: entry.name,
  signing_secret: entry.signing_secret ?? SIGNING_SECRET,
  now: entry.now ?? NOW,
  headers: entry.headers,
  body: entry.body ?? body,
  valid: entry.valid,
  ...(entry.error_type ? { error_type: entry.error_type } : {}),
}));

export const signatures = {
  description:
    'Standard Webhooks signatures of Rankquill deliveries. webhook-signature = "v1," + base64(HMAC-SHA256(key = base64-decoded bytes after "whsec_" of the signing secret, message = UTF-8 bytes of "<webhook-id>.<webhook-timestamp>.<raw body>")). See README.md.',
  tolerance_seconds: TOLERANCE_SECONDS,
  signing_secrets: signingSecrets,
  sign: signCases,
  verify: verifyCases,
};
