import type { ApiRequest } from '../../api/api-types';
import { API_KEY_PREFIX, SIGN_IN_ATTEMPT_LIMIT } from '../../engine/index';
import type { PageAnswer, RedirectAnswer } from '../answers';
import { html } from '../html';

/**
 * The sign-in form. The key goes in a password field that browsers do not offer to remember;
 * it is sent once, checked, and replaced by the session cookie.
 */
export function signInPage(
  request: ApiRequest,
  problem?: 'wrong' | 'missing' | { retryAfterSeconds: number },
): PageAnswer {
  const next = request.query.next ?? '';
  if (typeof problem === 'object') {
    return {
      ...signInPage(request),
      status: 429,
      headers: { 'retry-after': String(problem.retryAfterSeconds) },
      body: html`<h1>Sign in</h1>
<div class="flash flash-error" role="alert"><p>Too many sign-in attempts from this address or with this key: try again in ${problem.retryAfterSeconds} seconds. A key is checked at most ${SIGN_IN_ATTEMPT_LIMIT} times a minute.</p></div>`,
    };
  }
  const message =
    problem === 'wrong'
      ? `That key was not accepted. Paste a main API key of your account exactly as it was shown (it starts with ${API_KEY_PREFIX}); a public article API key (rqp_…) cannot sign in.`
      : problem === 'missing'
        ? 'Paste your main API key to sign in.'
        : undefined;
  return {
    kind: 'page',
    status: problem ? 401 : 200,
    title: 'Sign in',
    body: html`<h1>Sign in</h1>
${request.query.signed_out ? html`<p class="flash flash-success" role="status">You are signed out.</p>` : ''}
${message ? html`<div class="flash flash-error" role="alert"><p id="api_key-error">${message}</p></div>` : ''}
<div class="card"><form method="post" action="/sign-in">
<input type="hidden" name="next" value="${next}">
<label for="api_key">Main API key</label>
<input type="password" id="api_key" name="api_key" required autocomplete="off" spellcheck="false"${message ? html` aria-invalid="true" aria-describedby="api_key-error"` : ''}>
<p class="hint">The key stays on the server: this browser keeps only a session cookie that scripts cannot read.</p>
<button type="submit">Sign in</button>
</form></div>`,
  };
}

/** Sends a browser without a session to sign in, and back to `next` afterwards. */
export function signInRedirect(next: string): RedirectAnswer {
  return {
    kind: 'redirect',
    location: next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`,
  };
}
