import type { ContentExportArticle, ContentExportFormat, ExportProject } from '@rankquill/contract';
import type { PhrasingContent, RootContent } from 'mdast';
import type { StoreReader } from '../../store/store';
import { isoTime } from '../kernel/clock';
import type { ContentRecord, ProjectRecord } from '../kernel/records';
import { CSV_CONTENT_TYPE, CSV_LIST_SEPARATOR, csvRow } from './csv';

/** Rows read per query while paging through a project's content. */
export const EXPORT_PAGE_SIZE = 200;

/** Columns of the content CSV, in order: the fields of `ContentExportArticle`. */
export const CONTENT_CSV_COLUMNS = [
  'id',
  'title',
  'slug',
  'status',
  'keyword',
  'meta_title',
  'meta_description',
  'keywords',
  'featured_image',
  'content',
  'content_text',
  'created_at',
  'updated_at',
  'published_at',
] as const satisfies ReadonlyArray<keyof ContentExportArticle>;

/** Media type and file extension of each content export format. */
export const CONTENT_EXPORT_MEDIA: Record<ContentExportFormat, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  csv: { contentType: CSV_CONTENT_TYPE, extension: 'csv' },
  html: { contentType: 'text/html; charset=utf-8', extension: 'html' },
  markdown: { contentType: 'text/markdown; charset=utf-8; variant=GFM', extension: 'md' },
};

/** Creation instants an export keeps, `from` included and `until` excluded (ms). */
export interface CreatedWithin {
  from: number;
  until: number;
}

/**
 * Every content item of a project, oldest first, whatever its status, read a page at a time by
 * `seq` (keyset paging: each query starts after the last row seen, so a large project costs no
 * growing offsets, and only one page is in memory).
 *
 * @example
 * ```ts
 * for await (const item of projectContent(store, 'proj_123')) counts[item.status]++;
 * ```
 */
export async function* projectContent(
  store: StoreReader,
  projectId: string,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ContentRecord> {
  let after = 0;
  for (;;) {
    const page = await store.find<ContentRecord>('content', {
      where: { project_id: projectId, seq: { gt: after } },
      orderBy: [['seq', 'asc']],
      limit: pageSize,
    });
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.seq;
  }
}

/** Whether a content item was created within `created` (always, when there is no range). */
export function createdWithin(
  item: Pick<ContentRecord, 'created_at'>,
  created: CreatedWithin | undefined,
): boolean {
  return !created || (item.created_at >= created.from && item.created_at < created.until);
}

/**
 * The project's articles that have a body (`draft` and `published`), oldest first, optionally
 * only those created within `created`.
 *
 * @example
 * ```ts
 * for await (const article of projectArticles(store, 'proj_123')) console.log(article.title);
 * ```
 */
export async function* projectArticles(
  store: StoreReader,
  projectId: string,
  created?: CreatedWithin,
): AsyncGenerator<ContentRecord> {
  for await (const item of projectContent(store, projectId)) {
    if ((item.status === 'draft' || item.status === 'published') && createdWithin(item, created)) yield item;
  }
}

/** The export form of an article (spec 2.2). */
export function exportArticle(item: ContentRecord): ContentExportArticle {
  return {
    id: item.id,
    title: item.title ?? '',
    slug: item.slug ?? '',
    status: item.status,
    keyword: item.keyword,
    meta_title: item.meta_title,
    meta_description: item.meta_description,
    keywords: item.keywords,
    featured_image: item.featured_image,
    content: item.content ?? '',
    content_text: item.content_text ?? '',
    created_at: isoTime(item.created_at),
    updated_at: isoTime(item.updated_at),
    published_at: item.published_at === null ? null : isoTime(item.published_at),
  };
}

/** The project as an export names it. */
export function exportProject(project: ProjectRecord): ExportProject {
  return { id: project.id, name: project.name, domain: project.domain };
}

/** What every content file is written from. */
export interface ContentExportSource {
  project: ProjectRecord;
  exportedAt: number;
  articles: AsyncIterable<ContentRecord>;
}

/**
 * The content export in `format`, as a stream of text pieces: one article is in memory at a time.
 *
 * @example
 * ```ts
 * const pieces = contentExportBody('csv', { project, exportedAt: clock.now(), articles: projectArticles(store, project.id) });
 * ```
 */
export function contentExportBody(
  format: ContentExportFormat,
  source: ContentExportSource,
): AsyncIterable<string> {
  switch (format) {
    case 'json':
      return contentJson(source);
    case 'csv':
      return contentCsv(source.articles);
    case 'html':
      return contentHtml(source);
    case 'markdown':
      return contentMarkdown(source.articles);
  }
}

/** `{"object":"content_export","project":…,"exported_at":…,"articles":[…]}`, written article by article. */
async function* contentJson({ project, exportedAt, articles }: ContentExportSource): AsyncGenerator<string> {
  const head = JSON.stringify({
    object: 'content_export',
    project: exportProject(project),
    exported_at: isoTime(exportedAt),
  });
  yield `${head.slice(0, -1)},"articles":[`;
  yield* jsonArrayItems(articles, (item) => exportArticle(item));
  yield ']}';
}

/** Items of a JSON array, comma-separated, one at a time. */
export async function* jsonArrayItems<T>(
  items: AsyncIterable<T>,
  toJson: (item: T) => unknown,
): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield (first ? '' : ',') + JSON.stringify(toJson(item));
    first = false;
  }
}

/** The content CSV: a header row, then one RFC 4180 record per article. */
export async function* contentCsv(articles: AsyncIterable<ContentRecord>): AsyncGenerator<string> {
  yield csvRow(CONTENT_CSV_COLUMNS);
  for await (const item of articles) {
    const article = exportArticle(item);
    yield csvRow(
      CONTENT_CSV_COLUMNS.map((column) =>
        column === 'keywords' ? article.keywords.join(CSV_LIST_SEPARATOR) : article[column],
      ),
    );
  }
}

/** One HTML document: a header, then an `<article>` per article with its metadata and its body as stored. */
async function* contentHtml({ project, exportedAt, articles }: ContentExportSource): AsyncGenerator<string> {
  yield [
    '<!doctype html>',
    `<html lang="${escapeHtml(project.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(project.name)}: content export</title>`,
    '</head>',
    '<body>',
    '<header>',
    `<p>Content export of ${escapeHtml(project.name)} (${escapeHtml(project.domain)}), ${isoTime(exportedAt)}</p>`,
    '</header>',
    '',
  ].join('\n');
  for await (const item of articles) {
    const article = exportArticle(item);
    const facts = articleFacts(article);
    yield [
      `<article id="${escapeHtml(article.id)}" data-status="${escapeHtml(article.status)}">`,
      '<header>',
      `<h1>${escapeHtml(article.title)}</h1>`,
      '<dl>',
      ...facts.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value ?? '')}</dd>`),
      '</dl>',
      '</header>',
      // Sanitized with the allow-list on every write, so it goes out as stored.
      article.content,
      '</article>',
      '',
    ].join('\n');
  }
  yield '</body>\n</html>\n';
}

/**
 * One Markdown document: per article a `#` title, a list of its metadata, its body converted
 * from HTML, then a `---` rule between articles. Titles and values are escaped by the Markdown
 * writer, with line breaks made spaces so each stays on its line; URLs become autolinks.
 */
async function* contentMarkdown(articles: AsyncIterable<ContentRecord>): AsyncGenerator<string> {
  // The HTML parser behind the conversion is large: load it when a Markdown export runs, not at startup.
  const { htmlToMarkdownTree, markdownOf } = await import('./html-to-markdown');
  let first = true;
  for await (const item of articles) {
    const article = exportArticle(item);
    const facts = articleFacts(article);
    const tree: RootContent[] = [
      { type: 'heading', depth: 1, children: [{ type: 'text', value: oneLine(article.title) }] },
      {
        type: 'list',
        ordered: false,
        spread: false,
        children: facts
          .filter(([, value]) => value !== null && value !== '')
          .map(([name, value]) => ({
            type: 'listItem',
            spread: false,
            children: [{ type: 'paragraph', children: factPhrasing(name, value ?? '') }],
          })),
      },
      ...htmlToMarkdownTree(article.content),
    ];
    yield (first ? '' : '\n---\n\n') + markdownOf(tree);
    first = false;
  }
}

/** The metadata lines the HTML and Markdown exports show above each article's body. */
function articleFacts(article: ContentExportArticle): Array<[label: string, value: string | null]> {
  return [
    ['Slug', article.slug],
    ['Status', article.status],
    ['Target keyword', article.keyword],
    ['Meta title', article.meta_title],
    ['Meta description', article.meta_description],
    ['SEO keywords', article.keywords.join(', ')],
    ['Featured image', article.featured_image],
    ['Created', article.created_at],
    ['Updated', article.updated_at],
    ['Published', article.published_at],
  ];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function factPhrasing(name: string, value: string): PhrasingContent[] {
  const label: PhrasingContent = { type: 'text', value: `${name}: ` };
  if (/^https?:\/\/\S+$/.test(value)) {
    return [label, { type: 'link', url: value, children: [{ type: 'text', value }] }];
  }
  return [{ type: 'text', value: `${name}: ${oneLine(value)}` }];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
