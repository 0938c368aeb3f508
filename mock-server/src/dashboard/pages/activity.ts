import type { ActivityEntry } from '@rankquill/contract';
import { type PageCall, projectPath, type Route } from '../answers';
import { timeOf } from '../format';
import { type Html, html } from '../html';
import { badge } from '../layout';
import { pageNumber, pager } from './pager';
import { loadProject, projectPage } from './project-page';

const PAGE_SIZE = 25;

/** The activity feed: lifecycle events and the outcome of each webhook delivery, newest first. */
export const activityRoutes: Route[] = [{ method: 'GET', path: '/projects/:id/activity', handler: activity }];

async function activity(call: PageCall) {
  const project = await loadProject(call);
  const page = pageNumber(call.request);
  const feed = await call.engine.activity.list(call.account, project.id, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return projectPage(
    project,
    'activity',
    'Activity',
    html`<h1>Activity</h1>
<p>What happened in this project, newest first. A webhook delivery whose last retry failed is marked <strong>failed</strong>; one that a later delivery of the same content item replaced before it succeeded is marked <strong>superseded</strong> and is not sent again.</p>
${activityTable(feed.data, 'Activity feed')}
${pager(projectPath(project.id, 'activity'), page, feed.pagination)}`,
  );
}

/** A table of activity entries; failed deliveries stand out in colour and in words. */
export function activityTable(entries: readonly ActivityEntry[], label: string): Html {
  if (entries.length === 0) return html`<p class="muted">Nothing has happened yet.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${label}"><table><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Event</th><th scope="col">Delivery</th></tr></thead><tbody>${entries.map(
    (entry) =>
      html`<tr${entry.type === 'webhook.delivery_failed' ? html` class="failed"` : ''}><td>${timeOf(entry.created_at)}</td><td>${entry.message}${
        entry.content_id
          ? html` <a href="${projectPath(entry.project_id, 'content', entry.content_id)}">Open content</a>`
          : ''
      }</td><td>${entry.event ?? entry.type}</td><td>${deliveryCell(entry)}</td></tr>`,
  )}</tbody></table></div>`;
}

/** The badge of each delivery outcome entry. */
const DELIVERY_OUTCOMES: Partial<Record<string, string>> = {
  'webhook.delivery_succeeded': 'succeeded',
  'webhook.delivery_failed': 'failed',
  'webhook.delivery_superseded': 'superseded',
};

function deliveryCell(entry: ActivityEntry): Html {
  const outcome = DELIVERY_OUTCOMES[entry.type];
  if (outcome) {
    return html`${badge(outcome)} after ${entry.attempts ?? 0} ${entry.attempts === 1 ? 'attempt' : 'attempts'}${
      entry.last_status !== null ? html`, last answer ${entry.last_status}` : ''
    }${entry.last_error ? html`<br><span class="muted">${entry.last_error}</span>` : ''}`;
  }
  return entry.delivery_id
    ? html`<span class="muted">queued ${entry.delivery_id}</span>`
    : html`<span class="muted">no webhook</span>`;
}
