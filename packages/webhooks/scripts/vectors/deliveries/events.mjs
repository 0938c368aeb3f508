// Events other than an article's: a header that disagrees with the body, the events a receiver only
// passes on, and an unknown one.
import { delivery, full, removal, storedFull } from './delivery.mjs';

/** Event routing: a mismatch, content.generated, keyword and AI-visibility events, an unknown event. */
export function eventCases() {
  return [
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
  ];
}
