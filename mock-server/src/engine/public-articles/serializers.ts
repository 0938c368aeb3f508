import type { PublicArticle, PublicArticleListItem } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ContentRecord } from '../kernel/records';

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
