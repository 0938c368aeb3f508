import type { Delivery, DeliveryAttempt, Project } from '@rankquill/contract';
import { type PageAnswer, type PageCall, projectPath, type Route, redirect } from '../answers';
import { field } from '../form';
import { relativeTime, timeOf } from '../format';
import { type Html, html } from '../html';
import { badge, buttonForm, csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import type { Flash } from '../sessions';
import { pageNumber, pager } from './pager';
import { loadProject, projectPage } from './project-page';

const DELIVERIES_PER_PAGE = 20;

const back = (params: Record<string, string>) => projectPath(params.id ?? '', 'integrations');

/**
 * Integrations: the webhook's URL and secret, its signing secret (shown once, rotated), the Test
 * action with what the receiver answered, and the deliveries with their attempts and Redeliver.
 */
export const integrationRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/integrations', handler: integrations },
  {
    method: 'POST',
    path: '/projects/:id/webhook',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const updated = await call.engine.projects.update(call.account, project.id, {
        webhook: { url: field(call.form, 'url'), secret: call.form.get('secret') ?? '' },
      });
      const signingSecret = updated.webhook?.signing_secret;
      if (!signingSecret) {
        return redirect(back(call.params), {
          kind: 'success',
          message: 'Webhook saved. Press Test to check it.',
        });
      }
      return revealing(call, {
        kind: 'success',
        message:
          'Webhook saved. Its signing secret is shown below, this once: give it to your receiver now. Then press Test.',
        revealed: { label: 'Signing secret', value: signingSecret },
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
    path: '/projects/:id/webhook/signing-secret/rotate',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const rotation = await call.engine.projects.rotateSigningSecret(call.account, project.id);
      const until = rotation.previous_signing_secret_expires_at;
      return revealing(call, {
        kind: 'success',
        message: `The signing secret was replaced; the new one is shown below, this once.${
          until
            ? ` Until ${until} deliveries are signed with the old one too, so your receiver can switch without a gap.`
            : ''
        }`,
        revealed: { label: 'New signing secret', value: rotation.signing_secret },
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/webhook/test',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const delivery = await call.engine.webhooks.sendTest(call.account, project.id);
      // In the address, not a message shown once: the page reloads itself until the answer is in.
      return redirect(`${back(call.params)}?test=${encodeURIComponent(delivery.id)}#test`, {
        kind: 'success',
        message: `Test delivery ${delivery.id} sent.`,
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/deliveries/:deliveryId/redeliver',
    back,
    handler: async (call) => {
      const project = await loadProject(call);
      const delivery = await call.engine.webhooks.redeliver(
        call.account,
        project.id,
        call.params.deliveryId ?? '',
      );
      return redirect(`${back(call.params)}#deliveries`, {
        kind: 'success',
        message: `Delivery ${delivery.id} (${delivery.event}) is sent again.`,
      });
    },
  },
];

/**
 * The integrations page as the answer to the form itself, with a secret the user is shown once:
 * it is in this answer only, never in the session's row for a next page to show.
 */
async function revealing(call: PageCall, flash: Flash): Promise<PageAnswer> {
  return { ...(await integrations({ ...call, flash })), flash };
}

async function integrations(call: PageCall) {
  const project = await loadProject(call);
  const page = pageNumber(call.request);
  const deliveries = await call.engine.webhooks.list(call.account, project.id, {
    limit: DELIVERIES_PER_PAGE,
    offset: (page - 1) * DELIVERIES_PER_PAGE,
  });
  const now = call.engine.now();
  const testId = call.request.query.test;
  const test = testId ? deliveries.data.find((delivery) => delivery.id === testId) : undefined;
  const answer = projectPage(
    project,
    'integrations',
    'Integrations',
    html`<h1>Integrations</h1>
${webhookSettings(call, project)}
<section class="card" aria-labelledby="test-heading" id="test"><h2 id="test-heading">Test</h2>
<p>Sends a sample <code>content.published</code> article to the webhook now, signed like a real delivery, and shows what the receiver answered. It is tried once and not recorded in the activity feed.</p>
${project.webhook ? buttonForm(call.session.csrfToken, projectPath(project.id, 'webhook', 'test'), 'Send test delivery') : html`<p class="muted">Set a webhook first.</p>`}
${test ? testResult(test) : ''}
</section>
<section aria-labelledby="deliveries-heading" id="deliveries"><h2 id="deliveries-heading">Deliveries</h2>
<p>Every event sent to the webhook, newest first. Each is tried again after 1, 5 and 30 minutes until the receiver answers 2xx; Redeliver sends one again now with the same <code>webhook-id</code>. A later event of a content item does not wait for an earlier one's retries: that one is <strong>superseded</strong> and not sent again, so the receiver never gets an older state of the item after a newer one.</p>
${deliveriesTable(call, project, deliveries.data, now)}
${pager(projectPath(project.id, 'integrations'), page, deliveries.pagination)}
</section>`,
  );
  // An attempt due now is made in the background within moments, on either clock.
  const inFlight = deliveries.data.some((delivery) => attemptDueNow(delivery, now));
  return { ...answer, refresh: inFlight };
}

function webhookSettings(call: PageCall, project: Project): Html {
  const { flash } = call;
  const token = call.session.csrfToken;
  const webhook = project.webhook;
  const revealed = flash?.revealed;
  return html`<section class="card" aria-labelledby="webhook-heading"><h2 id="webhook-heading">Webhook</h2>
<p>Events (content generated, published, updated, unpublished, deleted; ranking changes; AI mentions) are POSTed to this URL with the secret in the <code>x-service-key</code> header and a <code>webhook-signature</code> made with the signing secret.</p>
<p>${webhook ? html`Sending to <strong>${webhook.url}</strong>; a secret is set.` : 'No webhook is set: events are recorded in the activity feed only.'}</p>
<form method="post" action="${projectPath(project.id, 'webhook')}">${csrfInput(token)}
<label for="url">URL</label><input type="url" id="url" name="url" required placeholder="https://example.com/webhook" value="${previousValue(flash, 'url', webhook?.url ?? '')}"${invalidAttributes(flash, 'url')}>${fieldError(flash, 'url')}
<label for="secret">Secret</label><input type="password" id="secret" name="secret" required autocomplete="new-password" spellcheck="false"${invalidAttributes(flash, 'secret')}>${fieldError(flash, 'secret')}
<p class="hint">Enter it each time you save: it is never shown again. Printable characters without spaces, up to 256.</p>
<button type="submit">Save webhook</button></form>
${
  webhook
    ? html`<h3>Signing secret</h3>
${revealed ? html`<p><strong>${revealed.label}:</strong> <code>${revealed.value}</code></p><p class="hint">It is not shown again. Pass it to your receiver as its signing secret.</p>` : ''}
<p>${
        webhook.signing_secret_set
          ? 'A signing secret signs every delivery. It was shown once, when the webhook was first saved; replace it if it was lost or leaked.'
          : 'This webhook has no signing secret yet; replace it to get one.'
      }${
        webhook.previous_signing_secret_expires_at
          ? html` The replaced one also signs deliveries until ${timeOf(webhook.previous_signing_secret_expires_at)}.`
          : ''
      }</p>
<div class="actions">${buttonForm(token, projectPath(project.id, 'webhook', 'signing-secret', 'rotate'), 'Replace signing secret', { style: 'secondary', confirm: 'Receivers need the new one within 24 hours' })}${buttonForm(token, projectPath(project.id, 'webhook', 'remove'), 'Remove webhook', { style: 'secondary', confirm: 'Stop delivering events' })}</div>`
    : ''
}
</section>`;
}

function testResult(delivery: Delivery): Html {
  const attempt = delivery.attempts[delivery.attempts.length - 1];
  if (!attempt) {
    return html`<p role="status">Test delivery <code>${delivery.id}</code> is on its way; this page shows the answer in a moment.</p>`;
  }
  return html`<h3 id="test-result">What the receiver answered</h3>${attemptFacts(attempt, 'test-result')}`;
}

function attemptFacts(attempt: DeliveryAttempt, labelledBy?: string): Html {
  return html`<dl class="facts"${labelledBy ? html` aria-labelledby="${labelledBy}"` : ''}>
<dt>Sent</dt><dd>${timeOf(attempt.at)}</dd>
<dt>Status</dt><dd>${attempt.status ?? 'no answer'}</dd>
${attempt.error ? html`<dt>Error</dt><dd>${attempt.error}</dd>` : ''}
<dt>Answer</dt><dd>${attempt.answer ? html`<pre>${attempt.answer}</pre>` : html`<span class="muted">none</span>`}</dd>
</dl>`;
}

function deliveriesTable(
  call: PageCall,
  project: Project,
  deliveries: readonly Delivery[],
  now: number,
): Html {
  if (deliveries.length === 0) return html`<p class="muted">No delivery yet.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Deliveries"><table><thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Next</th><th scope="col">Action</th></tr></thead><tbody>${deliveries.map(
    (delivery) =>
      html`<tr${delivery.status === 'failed' ? html` class="failed"` : ''}><td>${delivery.event}${delivery.test ? ' (test)' : ''}<br><code>${delivery.id}</code></td><td>${badge(delivery.status)}</td><td>${attemptsCell(delivery)}</td><td>${
        delivery.next_attempt_at
          ? html`${timeOf(delivery.next_attempt_at)}<br><span class="muted">${relativeTime(Date.parse(delivery.next_attempt_at), now)}</span>`
          : html`<span class="muted">${delivery.status === 'pending' ? 'after the attempt under way' : '—'}</span>`
      }</td><td>${
        project.webhook &&
        delivery.status !== 'superseded' &&
        !attemptDueNow(delivery, now) &&
        !(delivery.status === 'pending' && delivery.next_attempt_at === null)
          ? buttonForm(
              call.session.csrfToken,
              projectPath(project.id, 'deliveries', delivery.id, 'redeliver'),
              'Redeliver',
              { style: 'secondary' },
            )
          : ''
      }</td></tr>`,
  )}</tbody></table></div>`;
}

function attemptsCell(delivery: Delivery): Html {
  const last = delivery.attempts[delivery.attempts.length - 1];
  if (!last) return html`<span class="muted">none yet</span>`;
  return html`<details><summary>${delivery.attempt_count} ${delivery.attempt_count === 1 ? 'attempt' : 'attempts'}, last ${
    last.status ?? 'no answer'
  }</summary>${delivery.attempts.map((attempt) => attemptFacts(attempt))}</details>`;
}

/** A pending delivery whose attempt is due now: the background sends it within moments. */
function attemptDueNow(delivery: Delivery, now: number): boolean {
  return (
    delivery.status === 'pending' &&
    delivery.next_attempt_at !== null &&
    Date.parse(delivery.next_attempt_at) <= now
  );
}
