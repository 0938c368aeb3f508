// What every case of deliveries.json shares: the receiver's secrets, the sample articles and
// `delivery()`, which numbers, signs and writes out one case. Cases are numbered in the order
// they are built, so deliveries.mjs calls the families in the order of the file.
import { NOW, sign, signingSecretOf } from '../signing.mjs';

export const SECRET = 'rq_whsec_live_8c41f2d9b7a0';
export const SIGNING_SECRET = signingSecretOf('rankquill vectors: deliveries');
export const PREVIOUS_SIGNING_SECRET = signingSecretOf('rankquill vectors: deliveries, before rotation');
export const compact = (value) => JSON.stringify(value);

export const full = {
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
export const fullUrl = '/en/resources/blog/how-to-brew-pour-over-coffee';
export const defaults = (a) => ({
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
export const french = {
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
export const removal = (event) => ({
  event,
  content_id: 'cnt_7Hq2Lm',
  project_id: 'proj_9Xa1Bc',
  slug: full.slug,
  language: 'en',
  occurred_at: '2026-01-01T09:29:58.000Z',
});
export const storedFull = { ...full, url: fullUrl };

let counter = 0;
export function delivery({
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
export const acceptedFull = {
  status: 200,
  body: { success: true, url: fullUrl },
  store: { [full.slug]: storedFull },
};
