// Articles a receiver stores: content.published with every field, with defaults, in Unicode, and
// content.updated.
import { acceptedFull, defaults, delivery, french, full, fullUrl, storedFull } from './delivery.mjs';

/** Deliveries whose article is stored, and how its defaults are filled in. */
export function storedArticleCases() {
  return [
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
      description:
        'A receiver configured with site_base_url (trailing slash ignored) answers an absolute URL.',
      event: 'content.published',
      receiver: { site_base_url: 'https://www.example.com/' },
      body: full,
      expected: {
        status: 200,
        body: { success: true, url: `https://www.example.com${fullUrl}` },
        store: { [full.slug]: { ...full, url: `https://www.example.com${fullUrl}` } },
      },
    }),
  ];
}
