import type { ContentCreateResponse, ContentItem } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ContentRecord, ProjectRecord } from '../kernel/records';

/** The API form of a content item. */
export function contentResource(item: ContentRecord, project: Pick<ProjectRecord, 'language'>): ContentItem {
  return {
    id: item.id,
    project_id: item.project_id,
    status: item.status,
    keyword: item.keyword,
    type: item.type,
    length: item.length,
    auto_publish: item.auto_publish,
    title: item.title,
    slug: item.slug,
    content: item.content,
    content_text: item.content_text,
    excerpt: item.excerpt,
    meta_title: item.meta_title,
    meta_description: item.meta_description,
    keywords: item.keywords,
    featured_image: item.featured_image,
    author: item.author,
    language: project.language,
    canonical_url: item.canonical_url,
    word_count: item.word_count,
    failure_reason: item.failure_reason,
    estimated_completion: isoTime(item.estimated_completion),
    created_at: isoTime(item.created_at),
    updated_at: isoTime(item.updated_at),
    published_at: item.published_at === null ? null : isoTime(item.published_at),
    published_url: item.published_url ?? null,
  };
}

/** The answer of the create call (spec 2.2). */
export function contentCreated(item: ContentRecord): ContentCreateResponse {
  return {
    id: item.id,
    status: item.status,
    keyword: item.keyword,
    type: item.type,
    estimated_completion: isoTime(item.estimated_completion),
    created_at: isoTime(item.created_at),
  };
}
