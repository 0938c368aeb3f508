import { BULK_EXPORT_FORMATS, BULK_EXPORT_TYPES, type BulkExport } from '@rankquill/contract';
import { NotFoundError } from '../../engine/index';
import { type PageCall, projectPath, type Route, redirect } from '../answers';
import { field } from '../form';
import { count, timeOf } from '../format';
import { type Html, html } from '../html';
import { badge, csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import { safeHref } from '../urls';
import { loadProject, projectPage } from './project-page';

/** Exports of a session the reports page lists, per project. */
const REMEMBERED_EXPORTS = 10;
const DAY_MS = 86_400_000;

const FORMAT_LABELS: Record<string, string> = {
  pdf: 'PDF report',
  csv: 'CSV files (a ZIP with one per type)',
  json: 'JSON document',
};
const TYPE_LABELS: Record<string, string> = {
  content: 'Content',
  keywords: 'Keywords',
  'ai-visibility': 'AI visibility',
};

const back = (params: Record<string, string>) => projectPath(params.id ?? '', 'reports');

/** Reports: a bulk export of a date range as PDF, CSV or JSON, its progress, and its download. */
export const reportRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/reports', handler: reports },
  {
    method: 'POST',
    path: '/projects/:id/reports',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const from = field(call.form, 'from');
      const to = field(call.form, 'to');
      const started = await call.engine.exports.create(call.account, project.id, {
        types: call.form.getAll('types'),
        format: field(call.form, 'format'),
        ...(from || to ? { date_range: { from, to } } : {}),
      });
      const remembered = call.session.exports[project.id] ?? [];
      call.session.exports[project.id] = [started.id, ...remembered].slice(0, REMEMBERED_EXPORTS);
      return redirect(projectPath(project.id, 'reports', started.id), {
        kind: 'success',
        message: `Export started: ${started.filename}.`,
      });
    },
  },
  { method: 'GET', path: '/projects/:id/reports/:exportId', handler: report },
];

async function reports(call: PageCall) {
  const project = await loadProject(call);
  const { flash } = call;
  const today = new Date(call.engine.now()).toISOString().slice(0, 10);
  const monthAgo = new Date(call.engine.now() - 29 * DAY_MS).toISOString().slice(0, 10);
  const remembered = await Promise.all(
    (call.session.exports[project.id] ?? []).map((id) =>
      call.engine.exports
        .retrieve(call.account, project.id, id, { baseUrl: call.request.baseUrl })
        .catch((error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        }),
    ),
  );
  const exports = remembered.filter((entry): entry is BulkExport => entry !== undefined);
  return projectPage(
    project,
    'reports',
    'Reports',
    html`<h1>Reports</h1>
<section class="card" aria-labelledby="export-heading"><h2 id="export-heading">Export a report</h2>
<form method="post" action="${back(call.params)}">${csrfInput(call.session.csrfToken)}
<fieldset${invalidAttributes(flash, 'format')}><legend>Format</legend>${BULK_EXPORT_FORMATS.map(
      (format) =>
        html`<label class="check"><input type="radio" name="format" value="${format}"${previousValue(flash, 'format', 'pdf') === format ? ' checked' : ''}> ${FORMAT_LABELS[format] ?? format}</label>`,
    )}</fieldset>${fieldError(flash, 'format')}
<fieldset${invalidAttributes(flash, 'types')}><legend>What to include</legend>${BULK_EXPORT_TYPES.map(
      (type) =>
        html`<label class="check"><input type="checkbox" name="types" value="${type}" checked> ${TYPE_LABELS[type] ?? type}</label>`,
    )}</fieldset>${fieldError(flash, 'types')}
<label for="from">From (UTC day)</label><input type="date" id="from" name="from" value="${previousValue(flash, 'from', monthAgo)}"${invalidAttributes(flash, 'from')}>${fieldError(flash, 'from')}
<label for="to">To (UTC day)</label><input type="date" id="to" name="to" value="${previousValue(flash, 'to', today)}"${invalidAttributes(flash, 'to')}>${fieldError(flash, 'to')}
<p class="hint">Content counts by the day it was created, rankings and AI answers by their day. Leave both empty to export everything.</p>
<button type="submit">Export</button></form></section>
<section aria-labelledby="recent-heading"><h2 id="recent-heading">Your recent exports</h2>
${
  exports.length === 0
    ? html`<p class="muted">None yet in this session.</p>`
    : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Recent exports"><table><thead><tr><th scope="col">File</th><th scope="col">Status</th><th scope="col">Started</th></tr></thead><tbody>${exports.map(
        (entry) =>
          html`<tr><td><a href="${projectPath(project.id, 'reports', entry.id)}">${entry.filename}</a></td><td>${badge(entry.status)}</td><td>${timeOf(entry.created_at)}</td></tr>`,
      )}</tbody></table></div>`
}</section>`,
  );
}

async function report(call: PageCall) {
  const project = await loadProject(call);
  const entry = await call.engine.exports.retrieve(call.account, project.id, call.params.exportId ?? '', {
    baseUrl: call.request.baseUrl,
  });
  const waiting = entry.status === 'pending' || entry.status === 'processing';
  const answer = projectPage(
    project,
    'reports',
    entry.filename,
    html`<p><a href="${back(call.params)}">Reports</a></p>
<h1>${entry.filename}</h1>
<p>${badge(entry.status)} ${statusText(entry)}</p>
${waiting ? html`<p class="hint">Exports are made in the background within seconds, on either clock.</p>` : ''}
${download(entry)}
<section class="card" aria-labelledby="details-heading"><h2 id="details-heading">Details</h2><dl class="facts">
<dt>Format</dt><dd>${FORMAT_LABELS[entry.format] ?? entry.format}</dd>
<dt>Includes</dt><dd>${entry.types.map((type) => TYPE_LABELS[type] ?? type).join(', ')}</dd>
<dt>Days</dt><dd>${entry.date_range ? `${entry.date_range.from} to ${entry.date_range.to}` : 'everything'}</dd>
<dt>Started</dt><dd>${timeOf(entry.created_at)}</dd>
<dt>Finished</dt><dd>${timeOf(entry.completed_at)}</dd>
<dt>File kept until</dt><dd>${timeOf(entry.expires_at)}</dd>
</dl></section>`,
  );
  return { ...answer, refresh: waiting };
}

function statusText(entry: BulkExport): string {
  switch (entry.status) {
    case 'pending':
      return 'Waiting to start.';
    case 'processing':
      return 'Being made.';
    case 'ready':
      return `Ready, ${count(entry.size_bytes ?? 0)} bytes.`;
    case 'failed':
      return `Failed: ${entry.failure_reason ?? 'no reason given'}`;
    case 'expired':
      return 'Its file was deleted; export again.';
    default:
      return '';
  }
}

function download(entry: BulkExport): Html {
  const href = entry.status === 'ready' ? safeHref(entry.download_url) : undefined;
  if (!href) return html``;
  return html`<p><a class="button" href="${href}" download="${entry.filename}">Download ${entry.filename}</a></p><p class="hint">The link works without signing in until ${timeOf(entry.download_url_expires_at)}; open this page again for a fresh one.</p>`;
}
