import type { WebhookTestResult } from '@rankquill/contract';
import { type PageCall, projectPath, type Route, redirect } from '../answers';
import { field } from '../form';
import { type Html, html } from '../html';
import { buttonForm, csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import { safeHref } from '../urls';
import { loadProject, projectPage } from './project-page';

/** Longest part of a receiver's answer the page shows. */
const MAX_ANSWER_CHARS = 4000;

const back = (params: Record<string, string>) => projectPath(params.id ?? '', 'integrations');

/** Integrations: the webhook's URL and secret, and the Test action with the receiver's answer. */
export const integrationRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/integrations', handler: integrations },
  {
    method: 'POST',
    path: '/projects/:id/webhook',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      await call.engine.projects.update(call.account, project.id, {
        webhook: { url: field(call.form, 'url'), secret: call.form.get('secret') ?? '' },
      });
      return redirect(back(call.params), {
        kind: 'success',
        message: 'Webhook saved. Press Test to check it.',
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/webhook/remove',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      await call.engine.projects.update(call.account, project.id, { webhook: null });
      return redirect(back(call.params), {
        kind: 'success',
        message: 'Webhook removed; events are no longer delivered.',
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/webhook/test',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const result = await call.engine.webhooks.sendTest(call.account, project.id);
      return redirect(back(call.params), {
        kind: result.error === null ? 'success' : 'error',
        message:
          result.error === null
            ? `Test delivery accepted: the receiver answered ${result.status}.`
            : `Test delivery failed: ${result.error}`,
        webhookTest: result,
      });
    },
  },
];

async function integrations(call: PageCall) {
  const project = await loadProject(call);
  const { flash } = call;
  const token = call.session.csrfToken;
  return projectPage(
    project,
    'integrations',
    'Integrations',
    html`<h1>Integrations</h1>
<section class="card" aria-labelledby="webhook-heading"><h2 id="webhook-heading">Webhook</h2>
<p>Events (content generated, published, updated, unpublished, deleted; ranking changes; AI mentions) are POSTed to this URL with the secret in the <code>x-service-key</code> header. Failed deliveries are retried after 1, 5 and 30 minutes.</p>
<p>${project.webhook ? html`Sending to <strong>${project.webhook.url}</strong>; a secret is set.` : 'No webhook is set: events are recorded in the activity feed only.'}</p>
<form method="post" action="${projectPath(project.id, 'webhook')}">${csrfInput(token)}
<label for="url">URL</label><input type="url" id="url" name="url" required placeholder="https://example.com/webhook" value="${previousValue(flash, 'url', project.webhook?.url ?? '')}"${invalidAttributes(flash, 'url')}>${fieldError(flash, 'url')}
<label for="secret">Secret</label><input type="password" id="secret" name="secret" required autocomplete="new-password" spellcheck="false"${invalidAttributes(flash, 'secret')}>${fieldError(flash, 'secret')}
<p class="hint">Enter it each time you save: it is never shown again. Printable characters without spaces, up to 256.</p>
<button type="submit">Save webhook</button></form>
${project.webhook ? html`<div class="actions">${buttonForm(token, projectPath(project.id, 'webhook', 'remove'), 'Remove webhook', { style: 'secondary', confirm: 'Stop delivering events' })}</div>` : ''}
</section>
<section class="card" aria-labelledby="test-heading"><h2 id="test-heading">Test</h2>
<p>Sends a sample <code>content.published</code> article to the webhook now, signed like a real delivery, and shows what the receiver answered. It is not retried and not recorded.</p>
${project.webhook ? buttonForm(token, projectPath(project.id, 'webhook', 'test'), 'Send test delivery') : html`<p class="muted">Set a webhook first.</p>`}
${flash?.webhookTest ? testResult(flash.webhookTest) : ''}
</section>`,
  );
}

function testResult(result: WebhookTestResult): Html {
  const published = safeHref(result.url);
  const answer =
    result.body === null || result.body === undefined
      ? ''
      : typeof result.body === 'string'
        ? result.body
        : JSON.stringify(result.body, null, 2);
  return html`<h3 id="test-result">What the receiver answered</h3><dl class="facts" aria-labelledby="test-result">
<dt>Delivery</dt><dd><code>${result.delivery_id}</code></dd>
<dt>Status</dt><dd>${result.status ?? 'no answer'}</dd>
${result.error ? html`<dt>Error</dt><dd>${result.error}</dd>` : ''}
${result.url ? html`<dt>Published at</dt><dd>${published ? html`<a href="${published}" rel="noreferrer noopener">${result.url}</a>` : result.url}</dd>` : ''}
</dl>${answer ? html`<p>Body:</p><pre>${answer.length > MAX_ANSWER_CHARS ? `${answer.slice(0, MAX_ANSWER_CHARS)}…` : answer}</pre>` : ''}`;
}
