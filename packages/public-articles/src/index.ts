export type { Pagination, PublicArticle, PublicArticleListItem } from '@rankquill/contract';
export { type ArticleListParams, ArticlePage, ArticlePagePromise } from './article-page';
export { PublicArticles, type PublicArticlesOptions } from './client';
export * from './errors/index';
