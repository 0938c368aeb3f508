import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFoundError, type PublicArticles } from '@rankquill/public-articles';
import { articlePage, listPage, notFoundPage, type SiteInfo, unavailablePage } from './pages.ts';

/** Options of `createSite`. */
export interface SiteOptions {
  /** The client of the public article API; its key stays on this server. */
  articles: PublicArticles;
  /** Shown in the header and the page titles. */
  name: string;
  /** Articles per list page (1 to 100). Default 10. */
  pageSize?: number;
}

// Articles have no scripts, and the pages need none: a policy that blocks them all is a second
// line of defence behind the escaping. Images may come from anywhere over http(s).
const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'";

const ARTICLE_PATH = /^\/articles\/([^/]+)$/;

/** The id in `/articles/<id>`; undefined for any other path or a malformed escape. */
function articleId(pathname: string): string | undefined {
  const encoded = ARTICLE_PATH.exec(pathname)?.[1];
  try {
    return encoded === undefined ? undefined : decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * The blog as a `node:http` request handler: `/` and `/?page=N` list the published articles,
 * `/articles/<id>` shows one.
 */
export function createSite({
  articles,
  name,
  pageSize = 10,
}: SiteOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const site: SiteInfo = { name };
  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  };

  async function answer(req: IncomingMessage): Promise<[number, string]> {
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    if (req.method !== 'GET' && req.method !== 'HEAD') return [404, notFoundPage(site)];
    if (url.pathname === '/') {
      const pageNumber = Number(url.searchParams.get('page') ?? '1');
      if (!Number.isInteger(pageNumber) || pageNumber < 1) return [404, notFoundPage(site)];
      const page = await articles.list({ limit: pageSize, offset: (pageNumber - 1) * pageSize });
      const pageCount = Math.max(1, Math.ceil(page.pagination.total / pageSize));
      if (pageNumber > pageCount) return [404, notFoundPage(site)];
      return [200, listPage(site, page, pageNumber, pageCount)];
    }
    const id = articleId(url.pathname);
    if (id === undefined) return [404, notFoundPage(site)];
    try {
      return [200, articlePage(site, await articles.retrieve(id))];
    } catch (error) {
      if (error instanceof NotFoundError) return [404, notFoundPage(site)];
      throw error;
    }
  }

  return (req, res) => {
    answer(req).then(
      ([status, body]) => send(res, status, body),
      (error: unknown) => {
        console.error('article API call failed:', error instanceof Error ? error.message : error);
        send(res, 503, unavailablePage(site));
      },
    );
  };
}
