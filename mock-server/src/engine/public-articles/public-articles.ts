import {
  PUBLIC_ARTICLE_ERRORS,
  type PublicArticleListResponse,
  PublicArticleQuery,
  type PublicArticleResponse,
} from '@rankquill/contract';
import type { EngineContext } from '../kernel/context';
import { InvalidRequestError, PublicArticleApiError } from '../kernel/errors';
import { paginationOf } from '../kernel/pagination';
import type { ReadCache } from '../kernel/read-cache';
import type { ContentRecord, ProjectRecord } from '../kernel/records';
import { publicArticle, publicListItem } from './serializers';

/**
 * The read-only public article API (spec 4.3): published articles of the project that the
 * `X-Service-Key` belongs to, newest first.
 */
export class PublicArticleService {
  constructor(
    private readonly ctx: EngineContext,
    private readonly cache: ReadCache,
  ) {}

  /** The list call, or the single-article call when `query.id` is present. Answers are cached until the next write to projects or content, by any server on the store. */
  get(
    serviceKey: string | undefined,
    query: unknown,
  ): Promise<PublicArticleListResponse | PublicArticleResponse> {
    const { id, limit, offset } = (query ?? {}) as Record<string, unknown>;
    return this.cache.get(cacheKey([serviceKey, id, limit, offset]), () => this.load(serviceKey, query));
  }

  /**
   * The answer `get` would give at once from its cache, without a wait; `undefined` when it
   * would have to look (nothing cached for the call, or the tables may have changed since).
   * @example const cached = engine.publicArticles.cachedNow(key, { limit: '10' });
   */
  cachedNow(
    serviceKey: string | undefined,
    query: unknown,
  ): PublicArticleListResponse | PublicArticleResponse | undefined {
    const { id, limit, offset } = (query ?? {}) as Record<string, unknown>;
    return this.cache.peek(cacheKey([serviceKey, id, limit, offset]));
  }

  /**
   * Answers once `serviceKey` is a project's public key; a missing or unknown key is the 401 that
   * `get` would answer.
   * @example await engine.publicArticles.checkKey(request.headers['x-service-key']);
   */
  async checkKey(serviceKey: string | undefined): Promise<void> {
    await this.projectOf(serviceKey);
  }

  private async load(
    serviceKey: string | undefined,
    query: unknown,
  ): Promise<PublicArticleListResponse | PublicArticleResponse> {
    const project = await this.projectOf(serviceKey);
    const parsed = PublicArticleQuery.safeParse(query);
    const id = typeof (query as { id?: unknown })?.id === 'string' ? (query as { id: string }).id : undefined;
    if (id !== undefined) return this.single(project, id);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidRequestError(issue?.message ?? 'invalid query', issue?.path.join('.'));
    }
    return this.list(project, parsed.data.limit, parsed.data.offset);
  }

  private async list(
    project: ProjectRecord,
    limit: number,
    offset: number,
  ): Promise<PublicArticleListResponse> {
    const where = { project_id: project.id, status: 'published' };
    const [total, rows] = await Promise.all([
      this.ctx.store.count('content', where),
      this.ctx.store.find<ContentRecord>('content', {
        where,
        orderBy: [
          ['published_at', 'desc'],
          ['seq', 'desc'],
        ],
        limit,
        offset,
      }),
    ]);
    return {
      success: true,
      articles: rows.map((row) => publicListItem(row, project.language)),
      pagination: paginationOf(limit, offset, rows.length, total),
    };
  }

  private async single(project: ProjectRecord, id: string): Promise<PublicArticleResponse> {
    const item = id ? await this.ctx.store.get<ContentRecord>('content', id) : undefined;
    if (!item || item.project_id !== project.id || item.status !== 'published') {
      throw new PublicArticleApiError(404, PUBLIC_ARTICLE_ERRORS.notFound);
    }
    return { success: true, article: publicArticle(item, project.language) };
  }

  private async projectOf(serviceKey: string | undefined): Promise<ProjectRecord> {
    if (!serviceKey) throw new PublicArticleApiError(401, PUBLIC_ARTICLE_ERRORS.keyMissing);
    const [project] = await this.ctx.store.find<ProjectRecord>('projects', {
      where: { public_api_key: serviceKey },
      limit: 1,
    });
    if (!project) throw new PublicArticleApiError(401, PUBLIC_ARTICLE_ERRORS.keyInvalid);
    return project;
  }
}

/**
 * One text per list of values, each string written after its length (`undefined` as `-`, any
 * other value as `j` and its JSON's length and JSON): no two lists share one, and a request's
 * key costs no serializer.
 */
function cacheKey(values: readonly unknown[]): string {
  let key = 'public';
  for (const value of values) {
    if (value === undefined) key += '-';
    else if (typeof value === 'string') key += `${value.length}:${value}`;
    else {
      const json = JSON.stringify(value) ?? '';
      key += `j${json.length}:${json}`;
    }
  }
  return key;
}
