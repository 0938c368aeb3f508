import type { ContentItem } from '@rankquill/contract';
import type { DocumentAnswer } from '../answers';
import { Html, html } from '../html';
import { safeHref } from '../urls';

/**
 * How an article is served into its frame. `sandbox` in the policy gives the document an opaque
 * origin with scripts, forms, popups and top navigation off, whoever opens the URL; the page
 * that frames it adds the `sandbox` attribute too. The body is the engine's sanitized HTML.
 */
const ARTICLE_POLICY =
  "sandbox; default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const ARTICLE_STYLE =
  'body{font:17px/1.6 Georgia,serif;color:#1b1f24;max-width:42rem;margin:1rem auto;padding:0 1rem}img{max-width:100%;height:auto}a{color:#0b57b3}';

/** The article of a content item as a standalone document for the sandboxed frame. */
export function articleDocument(item: ContentItem, language: string): DocumentAnswer {
  const image = safeHref(item.featured_image);
  const body = html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${item.title ?? item.keyword}</title><style>${new Html(ARTICLE_STYLE)}</style></head><body><h1>${item.title ?? item.keyword}</h1>${
    image ? html`<p><img src="${image}" alt=""></p>` : ''
  }${new Html(item.content ?? '')}</body></html>`;
  return {
    kind: 'document',
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': ARTICLE_POLICY,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: body.text,
  };
}
