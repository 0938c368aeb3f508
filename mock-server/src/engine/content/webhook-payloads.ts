import type {
  ArticlePayload,
  ContentDeletedEvent,
  ContentGeneratedEvent,
  ContentUnpublishedEvent,
} from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ContentRecord, ProjectRecord } from '../kernel/records';

/**
 * The article payload of spec 2.5, sent with `content.published` and `content.updated`: exactly
 * these eleven fields in this order, strings never null, the language from the project.
 *
 * @example
 * ```ts
 * await outbox.emit(tx, project, { event: 'content.published', body: articlePayload(item, project), contentId: item.id, message: 'Article published.' });
 * ```
 */
export function articlePayload(
  item: ContentRecord,
  project: Pick<ProjectRecord, 'language'>,
): ArticlePayload {
  return {
    title: item.title ?? '',
    slug: item.slug ?? '',
    content: item.content ?? '',
    excerpt: item.excerpt ?? '',
    meta_title: item.meta_title ?? '',
    meta_description: item.meta_description ?? '',
    keywords: item.keywords,
    canonical_url: item.canonical_url,
    featured_image: item.featured_image ?? '',
    author: item.author ?? '',
    language: project.language,
  };
}

/** Body of `content.generated`. */
export function contentGeneratedPayload(item: ContentRecord): ContentGeneratedEvent {
  return {
    event: 'content.generated',
    content_id: item.id,
    project_id: item.project_id,
    status: item.status,
    keyword: item.keyword,
    title: item.title ?? '',
    slug: item.slug ?? '',
    created_at: isoTime(item.created_at),
  };
}

/** Body of `content.unpublished` or `content.deleted`, which receivers act on by slug. */
export function articleRemovalPayload<E extends 'content.unpublished' | 'content.deleted'>(
  event: E,
  item: ContentRecord,
  project: Pick<ProjectRecord, 'language'>,
  at: number,
): E extends 'content.deleted' ? ContentDeletedEvent : ContentUnpublishedEvent {
  return {
    event,
    content_id: item.id,
    project_id: item.project_id,
    slug: item.slug ?? '',
    language: project.language,
    occurred_at: isoTime(at),
  } as E extends 'content.deleted' ? ContentDeletedEvent : ContentUnpublishedEvent;
}
