import type { Keyword } from '@rankquill/contract';
import { NotFoundError } from '../../engine/index';
import { type PageCall, projectPath, type Route, redirect } from '../answers';
import { rankHistoryChart } from '../charts';
import { field } from '../form';
import { count, positionChange, timeOf } from '../format';
import { html } from '../html';
import { csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import { pageNumber, pager } from './pager';
import { loadProject, projectPage } from './project-page';

const PAGE_SIZE = 50;
/** Days of history the chart of one keyword shows. */
const HISTORY_DAYS = 90;

const back = (params: Record<string, string>) => projectPath(params.id ?? '', 'keywords');

/** Keywords: position and change of each, a form to track one more, and each one's rank history. */
export const keywordRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/keywords', handler: keywordList },
  {
    method: 'POST',
    path: '/projects/:id/keywords',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const keyword = await call.engine.keywords.create(call.account, project.id, {
        keyword: field(call.form, 'keyword'),
      });
      return redirect(projectPath(project.id, 'keywords', keyword.id), {
        kind: 'success',
        message: `Tracking “${keyword.keyword}”: checked once now, then every day at 00:00 UTC.`,
      });
    },
  },
  { method: 'GET', path: '/projects/:id/keywords/:keywordId', handler: keywordHistory },
];

async function keywordList(call: PageCall) {
  const project = await loadProject(call);
  const page = pageNumber(call.request);
  const list = await call.engine.keywords.list(call.account, project.id, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const { flash } = call;
  const path = back(call.params);
  return projectPage(
    project,
    'keywords',
    'Keywords',
    html`<h1>Keywords</h1>
${
  list.data.length === 0
    ? html`<p class="muted">No keyword tracked yet.</p>`
    : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Tracked keywords"><table><thead><tr><th scope="col">Keyword</th><th scope="col" class="num">Position</th><th scope="col" class="num">Change</th><th scope="col" class="num">Volume</th><th scope="col" class="num">Clicks</th><th scope="col" class="num">Opportunity</th></tr></thead><tbody>${list.data.map(
        (keyword) =>
          html`<tr><td><a href="${projectPath(project.id, 'keywords', keyword.id)}">${keyword.keyword}</a></td><td class="num">${keyword.position ?? html`<span class="muted">not in top 100</span>`}</td><td class="num">${positionChange(keyword.change)}</td><td class="num">${count(keyword.volume)}</td><td class="num">${count(keyword.clicks)}</td><td class="num">${keyword.opportunity_score}</td></tr>`,
      )}</tbody></table></div>
<p class="hint">Position and change are those of the latest daily check; open a keyword for its rank history.</p>`
}
${pager(path, page, list.pagination)}
<h2>Track a keyword</h2>
<div class="card"><form method="post" action="${path}">${csrfInput(call.session.csrfToken)}
<label for="keyword">Keyword</label><input type="text" id="keyword" name="keyword" required maxlength="200" value="${previousValue(flash, 'keyword')}"${invalidAttributes(flash, 'keyword')}>${fieldError(flash, 'keyword')}
<button type="submit">Track</button></form></div>`,
  );
}

async function keywordHistory(call: PageCall) {
  const project = await loadProject(call);
  const keywordId = call.params.keywordId ?? '';
  const [keyword, history] = await Promise.all([
    findKeyword(call, project.id, keywordId),
    call.engine.keywords.performance(call.account, project.id, keywordId, { limit: HISTORY_DAYS }),
  ]);
  return projectPage(
    project,
    'keywords',
    keyword.keyword,
    html`<p><a href="${back(call.params)}">All keywords</a></p>
<h1>${keyword.keyword}</h1>
<div class="grid">
<div class="card"><h2>Position</h2><p class="figure">${keyword.position ?? '—'}</p><p>${keyword.change ? html`${positionChange(keyword.change)} since the check before` : 'no change since the check before'}</p></div>
<div class="card"><h2>Volume</h2><p class="figure">${count(keyword.volume)}</p><p>searches a month</p></div>
<div class="card"><h2>Opportunity</h2><p class="figure">${keyword.opportunity_score}</p><p>of 100</p></div>
</div>
<section class="card" aria-labelledby="history-heading"><h2 id="history-heading">Rank history</h2>
${rankHistoryChart('rank-history', keyword.keyword, history.data)}
<p class="hint">Last checked ${timeOf(keyword.last_checked_at)}.</p>
<details><summary>The figures of each day</summary><div class="table-wrap" tabindex="0" role="region" aria-label="Daily checks"><table><thead><tr><th scope="col">Day</th><th scope="col" class="num">Position</th><th scope="col" class="num">Change</th><th scope="col" class="num">Impressions</th><th scope="col" class="num">Clicks</th></tr></thead><tbody>${history.data.map(
      (point) =>
        html`<tr><td>${point.date}</td><td class="num">${point.position ?? '—'}</td><td class="num">${positionChange(point.change)}</td><td class="num">${count(point.impressions)}</td><td class="num">${count(point.clicks)}</td></tr>`,
    )}</tbody></table></div></details>
</section>`,
  );
}

/** The keyword record, looked up in the project's list (the API has no single-keyword read). */
async function findKeyword(call: PageCall, projectId: string, keywordId: string): Promise<Keyword> {
  for (let offset = 0; ; offset += 100) {
    const page = await call.engine.keywords.list(call.account, projectId, { limit: 100, offset });
    const found = page.data.find((keyword) => keyword.id === keywordId);
    if (found) return found;
    if (!page.pagination.has_more) break;
  }
  throw new NotFoundError(`No keyword with id ${keywordId} in project ${projectId}.`, 'keywordId');
}
