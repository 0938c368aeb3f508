// What a stored article must hold: content sanitized before it is stored, and the required fields.
import { delivery, full, fullUrl, storedFull } from './delivery.mjs';

const REQ = 'A content.published body needs title, slug, content.';

/** Content sanitized on the way in, and bodies missing or mistyping a field. */
export function articleContentCases() {
  return [
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
  ];
}
