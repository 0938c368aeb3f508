// content.unpublished and content.deleted remove an article.
import { delivery, full, fullUrl, removal, storedFull } from './delivery.mjs';

/** Removals, idempotent, and one without the slug that names it. */
export function removalCases() {
  return [
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
  ];
}
