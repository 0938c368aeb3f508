import type { Pagination } from '@rankquill/contract';
import type { ApiRequest } from '../../api/api-types';
import { type Html, html } from '../html';

/** The `page` query parameter, 1 when absent or not a positive integer. */
export function pageNumber(request: ApiRequest): number {
  const page = Number(request.query.page);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** Links to the pages before and after this one of a list. */
export function pager(
  path: string,
  page: number,
  pagination: Pagination,
  query: Record<string, string> = {},
): Html {
  if (page === 1 && !pagination.has_more) return html``;
  const link = (to: number) => `${path}?${new URLSearchParams({ ...query, page: String(to) })}`;
  return html`<nav class="pager" aria-label="Pages">${page > 1 ? html`<a href="${link(page - 1)}">Newer</a>` : ''}<span>Page ${page}</span>${
    pagination.has_more ? html`<a href="${link(page + 1)}">Older</a>` : ''
  }</nav>`;
}
