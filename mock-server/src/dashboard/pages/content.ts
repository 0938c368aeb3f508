import { CONTENT_LENGTH, CONTENT_STATUSES, CONTENT_TYPES, type ContentItem } from '@rankquill/contract';
import { type PageCall, projectPath, type Route, redirect } from '../answers';
import { field } from '../form';
import { relativeTime, timeOf } from '../format';
import { type Html, html } from '../html';
import { badge, buttonForm, csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import { safeHref } from '../urls';
import { articleDocument } from './article-document';
import { pageNumber, pager } from './pager';
import { loadProject, projectPage } from './project-page';

const PAGE_SIZE = 25;

const contentBack = (params: Record<string, string>) => projectPath(params.id ?? '', 'content');
const itemBack = (params: Record<string, string>) =>
  projectPath(params.id ?? '', 'content', params.contentId ?? '');

/** Content: the list and the form that starts a generation, each item, its article, and its moves. */
export const contentRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/content', handler: contentList },
  {
    method: 'POST',
    path: '/projects/:id/content',
    back: contentBack,
    handler: async (call) => {
      const project = await loadProject(call);
      const length = field(call.form, 'length');
      const created = await call.engine.content.create(call.account, project.id, {
        keyword: field(call.form, 'keyword'),
        type: field(call.form, 'type') || undefined,
        // A number the engine checks; text that is not one is sent as it is, so its message names `length`.
        length: length === '' ? undefined : Number.isNaN(Number(length)) ? length : Number(length),
        auto_publish: call.form.get('auto_publish') === 'yes',
      });
      return redirect(projectPath(project.id, 'content', created.id), {
        kind: 'success',
        message: `Generation of "${created.keyword}" started.`,
      });
    },
  },
  { method: 'GET', path: '/projects/:id/content/:contentId', handler: contentItem },
  { method: 'GET', path: '/projects/:id/content/:contentId/article', handler: article },
  moveRoute('publish', (title) => `"${title}" is published.`),
  moveRoute('unpublish', (title) => `"${title}" is back to draft.`),
  {
    method: 'POST',
    path: '/projects/:id/content/:contentId/delete',
    back: itemBack,
    handler: async (call) => {
      await call.engine.content.delete(call.account, call.params.id ?? '', call.params.contentId ?? '');
      return redirect(contentBack(call.params), {
        kind: 'success',
        message: 'The content item was deleted.',
      });
    },
  },
];

/** Publish or unpublish: the engine's move of that name, then the item's page with a message. */
function moveRoute(move: 'publish' | 'unpublish', message: (title: string | null) => string): Route {
  return {
    method: 'POST',
    path: `/projects/:id/content/:contentId/${move}`,
    back: itemBack,
    handler: async (call) => {
      const item = await call.engine.content[move](
        call.account,
        call.params.id ?? '',
        call.params.contentId ?? '',
      );
      return redirect(itemBack(call.params), { kind: 'success', message: message(item.title) });
    },
  };
}

async function contentList(call: PageCall) {
  const project = await loadProject(call);
  const page = pageNumber(call.request);
  const status = CONTENT_STATUSES.find((known) => known === call.request.query.status);
  const list = await call.engine.content.list(call.account, project.id, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    status,
  });
  const now = call.engine.now();
  const { flash } = call;
  const path = projectPath(project.id, 'content');
  return projectPage(
    project,
    'content',
    'Content',
    html`<h1>Content</h1>
<details class="card"${flash?.kind === 'error' ? ' open' : ''}><summary>Generate an article</summary>
<form method="post" action="${path}">${csrfInput(call.session.csrfToken)}
<label for="keyword">Target keyword</label><input type="text" id="keyword" name="keyword" required maxlength="200" value="${previousValue(flash, 'keyword')}"${invalidAttributes(flash, 'keyword')}>${fieldError(flash, 'keyword')}
<label for="type">Type</label><select id="type" name="type">${CONTENT_TYPES.map(
      (type) =>
        html`<option value="${type}"${previousValue(flash, 'type', 'blog_post') === type ? ' selected' : ''}>${type.replace(/_/g, ' ')}</option>`,
    )}</select>
<label for="length">Length in words</label><input type="number" id="length" name="length" min="${CONTENT_LENGTH.min}" max="${CONTENT_LENGTH.max}" step="1" value="${previousValue(flash, 'length', String(CONTENT_LENGTH.default))}"${invalidAttributes(flash, 'length')}>${fieldError(flash, 'length')}
<label class="check"><input type="checkbox" name="auto_publish" value="yes"${previousValue(flash, 'auto_publish') === 'yes' ? ' checked' : ''}> Publish as soon as it is written</label>
<button type="submit">Generate</button></form></details>
<form method="get" action="${path}" class="actions"><label for="status">Show</label><select id="status" name="status"><option value="">every status</option>${CONTENT_STATUSES.map(
      (known) => html`<option value="${known}"${known === status ? ' selected' : ''}>${known}</option>`,
    )}</select><button type="submit" class="secondary">Filter</button></form>
${
  list.data.length === 0
    ? html`<p class="muted">No content${status ? html` with status ${status}` : ''} yet.</p>`
    : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Content"><table><thead><tr><th scope="col">Article</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead><tbody>${list.data.map(
        (item) =>
          html`<tr><td><a href="${projectPath(project.id, 'content', item.id)}">${item.title ?? item.keyword}</a><br><span class="muted">${item.type.replace(/_/g, ' ')}, keyword “${item.keyword}”</span></td><td>${badge(item.status)}${
            item.status === 'generating' ? html`<br><span class="muted">${finishing(item, now)}</span>` : ''
          }</td><td>${timeOf(item.created_at)}</td></tr>`,
      )}</tbody></table></div>`
}
${pager(path, page, list.pagination, status ? { status } : {})}`,
  );
}

async function contentItem(call: PageCall) {
  const project = await loadProject(call);
  const item = await call.engine.content.retrieve(call.account, project.id, call.params.contentId ?? '');
  const now = call.engine.now();
  const base = projectPath(project.id, 'content', item.id);
  const token = call.session.csrfToken;
  const answer = projectPage(
    project,
    'content',
    item.title ?? item.keyword,
    html`<p><a href="${projectPath(project.id, 'content')}">All content</a></p>
<h1>${item.title ?? `Article on “${item.keyword}”`}</h1>
<p>${badge(item.status)}${item.status === 'generating' ? html` ${finishing(item, now)}.` : ''}</p>
${
  item.status === 'generating' && call.engine.clockMode === 'manual'
    ? html`<p class="hint">The server runs a manual clock: the article is written when the clock passes that instant${call.settings.admin ? html` (<a href="/clock">move the clock</a>)` : ''}. Reload this page to see it.</p>`
    : item.status === 'generating'
      ? html`<p class="hint">The article shows here once it is written.</p>`
      : ''
}
${item.status === 'failed' ? html`<p class="flash flash-error">Generation failed: ${item.failure_reason ?? 'no reason given'}</p>` : ''}
<div class="actions">${item.status === 'draft' ? buttonForm(token, `${base}/publish`, 'Publish') : ''}${
      item.status === 'published'
        ? buttonForm(token, `${base}/unpublish`, 'Unpublish', { style: 'secondary' })
        : ''
    }${buttonForm(token, `${base}/delete`, 'Delete', { style: 'danger', confirm: 'Delete this item for good' })}</div>
<section class="card" aria-labelledby="details-heading"><h2 id="details-heading">Details</h2>${details(item)}</section>
${
  item.content !== null
    ? html`<section aria-labelledby="article-heading"><h2 id="article-heading">Article</h2><p class="hint">Shown in a sandbox: nothing in the article can run script here.</p><iframe class="article" src="${base}/article" sandbox="" title="Article: ${item.title ?? item.keyword}" referrerpolicy="no-referrer"></iframe></section>`
    : ''
}`,
  );
  return { ...answer, refresh: item.status === 'generating' && call.engine.clockMode === 'real' };
}

async function article(call: PageCall) {
  const project = await loadProject(call);
  const item = await call.engine.content.retrieve(call.account, project.id, call.params.contentId ?? '');
  return articleDocument(item, project.language);
}

/** `finishes at 2026-01-01 00:01:20 UTC (in 35 s)`, on the server's clock. */
function finishing(item: ContentItem, now: number): Html {
  const at = Date.parse(item.estimated_completion);
  return html`finishes at ${timeOf(item.estimated_completion)} (${relativeTime(at, now)})`;
}

function details(item: ContentItem): Html {
  const published = safeHref(item.published_url);
  const rows: [string, Html | string | number | null][] = [
    ['Id', html`<code>${item.id}</code>`],
    ['Keyword', item.keyword],
    ['Type', item.type.replace(/_/g, ' ')],
    ['Requested length', `${item.length} words`],
    ['Words', item.word_count],
    ['Slug', item.slug],
    ['Meta title', item.meta_title],
    ['Meta description', item.meta_description],
    ['SEO keywords', item.keywords.join(', ') || null],
    ['Author', item.author],
    ['Publish when written', item.auto_publish ? 'yes' : 'no'],
    ['Created', timeOf(item.created_at)],
    ['Updated', timeOf(item.updated_at)],
    ['Published', item.published_at ? timeOf(item.published_at) : null],
    [
      'Published at',
      item.published_url
        ? published
          ? html`<a href="${published}" rel="noreferrer noopener">${item.published_url}</a>`
          : item.published_url
        : null,
    ],
  ];
  return html`<dl class="facts">${rows.map(
    ([name, value]) => html`<dt>${name}</dt><dd>${value ?? html`<span class="muted">—</span>`}</dd>`,
  )}</dl>`;
}
