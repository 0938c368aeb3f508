import type {
  ActivityEntry,
  ContentCreateResponse,
  ContentItem,
  Project,
  PublicArticle,
  PublicArticleListItem,
} from '@rankquill/contract';
import { isoTime } from './clock';
import type { ActivityRecord, ContentRecord, ProjectRecord } from './records';

/** The API form of a project. */
export function projectResource(project: ProjectRecord): Project {
  return {
    id: project.id,
    name: project.name,
    domain: project.domain,
    language: project.language,
    brand_names: project.brand_names,
    public_api_key: project.public_api_key,
    // The secret is never shown: it is the customer's, and only the receiver needs it.
    webhook: project.webhook ? { url: project.webhook.url, secret_set: true } : null,
    created_at: isoTime(project.created_at),
    updated_at: isoTime(project.updated_at),
  };
}

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

/** The API form of an activity entry. */
export function activityResource(entry: ActivityRecord): ActivityEntry {
  return {
    id: entry.id,
    project_id: entry.project_id,
    type: entry.type,
    event: entry.event,
    content_id: entry.content_id,
    delivery_id: entry.delivery_id,
    attempts: entry.attempts,
    last_status: entry.last_status,
    last_error: entry.last_error,
    message: entry.message,
    created_at: isoTime(entry.created_at),
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

/** A list item of the public article API (spec 2.6). */
export function publicListItem(item: ContentRecord, language: string): PublicArticleListItem {
  return {
    id: item.id,
    title: item.title ?? '',
    description: item.meta_description ?? '',
    language,
    published_at: isoTime(item.published_at ?? item.created_at),
    updated_at: isoTime(item.updated_at),
  };
}

/** A single article of the public article API (spec 2.6), with its HTML body. */
export function publicArticle(item: ContentRecord, language: string): PublicArticle {
  return { ...publicListItem(item, language), content: item.content ?? '' };
}
