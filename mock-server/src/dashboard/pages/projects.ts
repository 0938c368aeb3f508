import type { Project } from '@rankquill/contract';
import { type PageAnswer, type PageCall, projectPath, type Route, redirect } from '../answers';
import { field } from '../form';
import { count, timeOf } from '../format';
import { html } from '../html';
import { buttonForm, csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import type { Flash } from '../sessions';
import { activityTable } from './activity';
import { loadProject, projectPage } from './project-page';

const PAGE_SIZE = 50;

/** Projects: the list with a form to add one, and each project's overview. */
export const projectRoutes: Route[] = [
  { method: 'GET', path: '/', handler: projectList },
  { method: 'GET', path: '/projects', handler: async () => redirect('/') },
  {
    method: 'POST',
    path: '/projects',
    back: () => '/',
    handler: async (call) => {
      const project = await call.engine.projects.create(call.account, {
        name: field(call.form, 'name'),
        domain: field(call.form, 'domain'),
        language: field(call.form, 'language') || undefined,
      });
      return redirect(projectPath(project.id), {
        kind: 'success',
        message: `Project "${project.name}" created.`,
      });
    },
  },
  { method: 'GET', path: '/projects/:id', handler: overview },
  {
    method: 'POST',
    path: '/projects/:id/delete',
    back: (params) => projectPath(params.id ?? ''),
    handler: async (call) => {
      const project = await loadProject(call);
      await call.engine.projects.delete(call.account, project.id);
      return redirect('/', {
        kind: 'success',
        message: `Project "${project.name}" and everything in it were deleted.`,
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/public-api-key/reveal',
    handler: async (call) => {
      const project = await loadProject(call);
      return revealing(call, {
        kind: 'success',
        message: 'The public article API key of this project is shown below, this time only.',
        revealed: { label: 'Public article API key', value: project.public_api_key },
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/public-api-key/rotate',
    handler: async (call) => {
      const project = await loadProject(call);
      const { public_api_key } = await call.engine.projects.rotatePublicApiKey(call.account, project.id);
      return revealing(call, {
        kind: 'success',
        message:
          'The public article API key was replaced; the old one no longer works. The new key is shown below, this time only.',
        revealed: { label: 'New public article API key', value: public_api_key },
      });
    },
  },
];

/** The overview as the answer to the form itself: the key shown is in this answer only, never in the session. */
async function revealing(call: PageCall, flash: Flash): Promise<PageAnswer> {
  return { ...(await overview({ ...call, flash })), flash };
}

async function projectList(call: PageCall) {
  const page = await call.engine.projects.list(call.account, { limit: PAGE_SIZE });
  const { flash } = call;
  return {
    kind: 'page' as const,
    title: 'Projects',
    body: html`<h1>Projects</h1>
${
  page.data.length === 0
    ? html`<p>No project yet. Add one below.</p>`
    : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Projects"><table><thead><tr><th scope="col">Project</th><th scope="col">Domain</th><th scope="col">Language</th><th scope="col">Webhook</th><th scope="col">Created</th></tr></thead><tbody>${page.data.map(
        (project) =>
          html`<tr><td><a href="${projectPath(project.id)}">${project.name}</a></td><td>${project.domain}</td><td>${project.language}</td><td>${project.webhook ? 'set' : html`<span class="muted">none</span>`}</td><td>${timeOf(project.created_at)}</td></tr>`,
      )}</tbody></table></div>`
}
${page.pagination.has_more ? html`<p class="hint">Showing the newest ${PAGE_SIZE} of ${count(page.pagination.total)} projects.</p>` : ''}
<h2>Add a project</h2>
<div class="card"><form method="post" action="/projects">${csrfInput(call.session.csrfToken)}
<label for="name">Name</label><input type="text" id="name" name="name" required maxlength="200" value="${previousValue(flash, 'name')}"${invalidAttributes(flash, 'name')}>${fieldError(flash, 'name')}
<label for="domain">Domain</label><input type="text" id="domain" name="domain" required placeholder="example.com" value="${previousValue(flash, 'domain')}"${invalidAttributes(flash, 'domain')}>${fieldError(flash, 'domain')}
<label for="language">Language</label><input type="text" id="language" name="language" placeholder="en" value="${previousValue(flash, 'language')}"${invalidAttributes(flash, 'language')}>${fieldError(flash, 'language')}
<p class="hint">A language code such as en, fr or pt-BR; en when empty.</p>
<button type="submit">Add project</button></form></div>`,
  };
}

async function overview(call: PageCall) {
  const project = await loadProject(call);
  const { engine, account } = call;
  const statuses = ['generating', 'draft', 'published', 'failed'] as const;
  const [counts, keywords, visibility, activity] = await Promise.all([
    Promise.all(
      statuses.map((status) =>
        engine.content.list(account, project.id, { status, limit: 1 }).then((page) => page.pagination.total),
      ),
    ),
    engine.keywords.list(account, project.id, { limit: 1 }).then((page) => page.pagination.total),
    engine.aiVisibility.retrieveScore(account, project.id, {}),
    engine.activity.list(account, project.id, { limit: 5 }),
  ]);
  const [generating = 0, drafts = 0, published = 0, failed = 0] = counts;
  const revealed = call.flash?.revealed;
  return projectPage(
    project,
    'overview',
    'Overview',
    html`<h1>${project.name}</h1>
<div class="grid">
<section class="card" aria-labelledby="content-heading"><h2 id="content-heading">Content</h2><p class="figure">${count(published)}</p><p>published, ${count(drafts)} ${drafts === 1 ? 'draft' : 'drafts'}, ${count(generating)} generating${failed > 0 ? html`, ${count(failed)} failed` : ''}</p><p><a href="${projectPath(project.id, 'content')}">Open content</a></p></section>
<section class="card" aria-labelledby="keywords-heading"><h2 id="keywords-heading">Keywords</h2><p class="figure">${count(keywords)}</p><p>tracked</p><p><a href="${projectPath(project.id, 'keywords')}">Open keywords</a></p></section>
<section class="card" aria-labelledby="visibility-heading"><h2 id="visibility-heading">AI visibility</h2><p class="figure">${visibility.score}</p><p>score over the last 30 days</p><p><a href="${projectPath(project.id, 'ai-visibility')}">Open AI visibility</a></p></section>
</div>
<section class="card" aria-labelledby="project-heading"><h2 id="project-heading">Project</h2>${projectFacts(project)}</section>
<section class="card" aria-labelledby="key-heading"><h2 id="key-heading">Public article API key</h2>
<p>Your site's server reads published articles with this key (header <code>X-Service-Key</code>). Keep it out of visitors' browsers.</p>
${revealed ? html`<p><strong>${revealed.label}:</strong> <code>${revealed.value}</code></p>` : html`<p>Hidden. Show it when you need it; it is shown once, on the page that follows.</p>`}
<div class="actions">${buttonForm(call.session.csrfToken, projectPath(project.id, 'public-api-key', 'reveal'), 'Show key', { style: 'secondary' })}${buttonForm(call.session.csrfToken, projectPath(project.id, 'public-api-key', 'rotate'), 'Replace key', { style: 'secondary', confirm: 'The old key stops working at once' })}</div></section>
<section aria-labelledby="recent-heading"><h2 id="recent-heading">Recent activity</h2>${activityTable(activity.data, 'Recent activity')}<p><a href="${projectPath(project.id, 'activity')}">All activity</a></p></section>
<section class="card" aria-labelledby="delete-heading"><h2 id="delete-heading">Delete this project</h2><p>Deletes its content, keywords, AI-visibility data, exports and activity, and stops its scheduled work.</p>${buttonForm(call.session.csrfToken, projectPath(project.id, 'delete'), 'Delete project', { style: 'danger', confirm: `Delete ${project.name} for good` })}</section>`,
  );
}

function projectFacts(project: Project) {
  return html`<dl class="facts"><dt>Id</dt><dd><code>${project.id}</code></dd><dt>Domain</dt><dd>${project.domain}</dd><dt>Language</dt><dd>${project.language}</dd><dt>Brand names</dt><dd>${project.brand_names.join(', ')}</dd><dt>Webhook</dt><dd>${project.webhook ? project.webhook.url : html`none, <a href="${projectPath(project.id, 'integrations')}">set one</a>`}</dd><dt>Created</dt><dd>${timeOf(project.created_at)}</dd></dl>`;
}
