import type { Fault, RequestJournalEntry } from '@rankquill/contract';
import { NotFoundError } from '../../engine/index';
import { type PageCall, type Route, redirect } from '../answers';
import { timeOf } from '../format';
import { type Html, html } from '../html';
import { badge, csrfInput } from '../layout';
import { adminTokenField, requireAdmin } from './admin-guard';
import { pageNumber, pager } from './pager';

const PAGE_SIZE = 25;

/**
 * The test double of the account (mock profile, admin routes on): the faults that reach its
 * requests, each with a remove button, and the journal of what its keys sent, newest first, each
 * body a click away. Keys and secrets show by their first 8 characters, as the journal keeps them.
 */
export const requestRoutes: Route[] = [
  { method: 'GET', path: '/requests', handler: requests },
  {
    method: 'POST',
    path: '/requests/faults/:id/remove',
    back: () => '/requests',
    handler: async (call) => {
      await requireAdmin(call, 'A fault', 'is removed');
      const id = call.params.id ?? '';
      if (!call.engine.testDouble.removeAccountFault(call.account.id, await publicKeys(call), id)) {
        throw new NotFoundError(
          `No active fault ${id.slice(0, 60)} reaches this account: it may have run out already.`,
        );
      }
      return redirect('/requests', { kind: 'success', message: `Fault ${id} removed.` });
    },
  },
];

async function requests(call: PageCall) {
  if (!call.settings.admin) {
    throw new NotFoundError('The Requests page needs the admin routes, which this server has off.');
  }
  const page = pageNumber(call.request);
  const { faults, requests: journal } = call.engine.testDouble.accountView(
    call.account.id,
    await publicKeys(call),
    PAGE_SIZE,
    (page - 1) * PAGE_SIZE,
  );
  const journalOn = call.engine.testDouble.journal.enabled;
  return {
    kind: 'page' as const,
    title: 'Requests',
    body: html`<h1>Requests</h1>
<p>What this account's main API key and its projects' public keys sent to this server process, newest first, and the faults a test injected (<code>POST /__admin/faults</code>). Keys and secrets show by their first 8 characters only.</p>
<section class="card" aria-labelledby="faults-heading"><h2 id="faults-heading">Active faults</h2>
${faultTable(call, faults)}</section>
<section aria-labelledby="journal-heading"><h2 id="journal-heading">Requests</h2>
${journalOn ? journalTable(journal.data) : html`<p class="muted">The journal is off: this server was started with <code>--journal-size 0</code>.</p>`}
${pager('/requests', page, journal.pagination)}</section>`,
  };
}

/** The public article API keys of the account's projects, whose requests belong to it too. */
async function publicKeys(call: PageCall): Promise<string[]> {
  const keys: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call.engine.projects.list(call.account, { limit: 100, offset });
    keys.push(...page.data.map((project) => project.public_api_key));
    if (!page.pagination.has_more) return keys;
  }
}

function faultTable(call: PageCall, faults: readonly Fault[]): Html {
  if (faults.length === 0)
    return html`<p class="muted">No fault is active: every request is answered for real.</p>`;
  const token = call.session.csrfToken;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Active faults"><table><thead><tr><th scope="col">Fault</th><th scope="col">Operation</th><th scope="col">Does</th><th scope="col">Reaches</th><th scope="col" class="num">Left</th><th scope="col" class="num">Applied</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead><tbody>${faults.map(
    (fault) =>
      html`<tr><td><code>${fault.id}</code></td><td><code>${fault.operation}</code></td><td>${faultAction(fault)}</td><td>${faultScope(fault)}</td><td class="num">${fault.times ?? '∞'}</td><td class="num">${fault.applied}</td><td><form class="inline" method="post" action="/requests/faults/${encodeURIComponent(fault.id)}/remove">${csrfInput(token)}${adminTokenField(call, `admin_token_${fault.id}`)}<button type="submit" class="secondary" aria-label="Remove fault ${fault.id}">Remove</button></form></td></tr>`,
  )}</tbody></table></div>`;
}

function faultAction(fault: Fault): string {
  if (fault.status !== null) {
    const headers = Object.entries(fault.headers).map(([name, value]) => `${name}: ${value}`);
    return `answers ${fault.status}${headers.length > 0 ? ` with ${headers.join(', ')}` : ''}`;
  }
  if (fault.delay_ms !== null) return `waits ${fault.delay_ms} ms, then answers`;
  return fault.disconnect === 'after'
    ? 'runs the operation, then closes the connection'
    : 'closes the connection before the operation';
}

function faultScope(fault: Fault): Html {
  if (fault.api_key !== null) return html`this account (<code>${fault.api_key}</code>)`;
  if (fault.public_api_key !== null) return html`public key <code>${fault.public_api_key}</code>`;
  return html`<strong>every caller</strong>`;
}

function journalTable(entries: readonly RequestJournalEntry[]): Html {
  if (entries.length === 0) return html`<p class="muted">No request yet.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Requests"><table><thead><tr><th scope="col">When</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col" class="num">Duration</th><th scope="col">Request id</th><th scope="col">Fault</th></tr></thead><tbody>${entries.map(
    (entry) =>
      html`<tr${entry.status === null || entry.status >= 500 ? html` class="failed"` : ''}><td>${timeOf(entry.at)}</td><td>${entry.method}</td><td>${pathCell(entry)}</td><td>${entry.status === null ? badge('closed') : entry.status}</td><td class="num">${entry.duration_ms} ms</td><td><code>${entry.id}</code></td><td>${entry.fault ? html`<code>${entry.fault}</code>` : html`<span class="muted">—</span>`}</td></tr>`,
  )}</tbody></table></div>`;
}

/** The path with its query, and the body a click away (a `<details>`: no script needed). */
function pathCell(entry: RequestJournalEntry): Html {
  const query = new URLSearchParams(entry.query).toString();
  const target = html`<code>${entry.path}${query ? `?${query}` : ''}</code>`;
  const extra = [
    entry.operation ? `operation ${entry.operation}` : 'no operation',
    entry.idempotency_key ? `Idempotency-Key ${entry.idempotency_key}` : '',
  ].filter(Boolean);
  if (entry.body === null) return html`${target}<br><span class="hint">${extra.join(', ')}</span>`;
  return html`<details><summary>${target}</summary><p class="hint">${extra.join(', ')}</p><pre>${JSON.stringify(entry.body, null, 2)}</pre></details>`;
}
