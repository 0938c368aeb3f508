import { CLOCK_MODE_HEADER } from '@rankquill/contract';
import type { ApiRequest, ApiResponse } from '../api/api-types';
import {
  AuthenticationError,
  type Engine,
  NotFoundError,
  ServiceError,
  SIGN_IN_ATTEMPT_LIMIT,
} from '../engine/index';
import type { Answer, DashboardSettings, PageAnswer, PageCall, Route } from './answers';
import { ASSETS, type Asset } from './assets';
import { cookieValues, type SessionCookie, sessionCookie, setSessionCookie } from './cookies';
import { CSRF_FIELD, formFields } from './form';
import { html } from './html';
import { renderPage } from './layout';
import { activityRoutes } from './pages/activity';
import { aiVisibilityRoutes } from './pages/ai-visibility';
import { clockRoutes } from './pages/clock';
import { contentRoutes } from './pages/content';
import { errorPage } from './pages/error-page';
import { integrationRoutes } from './pages/integrations';
import { keywordRoutes } from './pages/keywords';
import { projectRoutes } from './pages/projects';
import { reportRoutes } from './pages/reports';
import { requestRoutes } from './pages/requests';
import { signInPage, signInRedirect } from './pages/sign-in';
import { DASHBOARD_PATH } from './paths';
import { crossSiteReason, formTokenMatches } from './request-guard';
import { type Flash, type Session, SessionStore, type SessionStoreOptions } from './sessions';
import { transportSecurityHeaders } from './transport-security';
import { localPath } from './urls';

export interface DashboardOptions extends SessionStoreOptions {
  /** `/__admin` routes are on: the dashboard shows the clock page (default true). */
  admin?: boolean;
  /** The mock's clock and reset are served (default true; off in the production profile). */
  mockRoutes?: boolean;
  /** When set, moving or resetting the clock from the dashboard asks for this token. */
  adminToken?: string;
  /**
   * Mark the session cookie `Secure` (and name it `__Host-rq_session`). Default: when the
   * request came over https; set it behind a proxy that ends TLS. Over http the cookie is
   * `rq_session_<port>`.
   */
  secureCookie?: boolean;
  /** Called with unexpected errors before they become a 500 page. */
  onError?: (error: unknown, request: ApiRequest) => void;
}

/** Answers a request, or `undefined` when the path is not the dashboard's (the API answers it). */
export type DashboardHandler = (request: ApiRequest) => Promise<ApiResponse | undefined>;

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

const ROUTES: CompiledRoute[] = [
  ...projectRoutes,
  ...contentRoutes,
  ...integrationRoutes,
  ...activityRoutes,
  ...keywordRoutes,
  ...aiVisibilityRoutes,
  ...reportRoutes,
  ...clockRoutes,
  ...requestRoutes,
].map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { ...route, pattern: new RegExp(`^${source}/?$`), names };
});

/** How much of a key sent to sign in names its throttle: the prefix and four characters. */
const KEY_PREFIX_LENGTH = 12;

const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // No inline script or style anywhere; the article frame is the only frame, from this origin.
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/**
 * The dashboard: server-rendered pages over the engine's operations, signed in with a main API
 * key that becomes an HttpOnly, SameSite=Strict session cookie. It is transport-neutral like the
 * API layer: the Express app hands it requests and writes its answers. It holds no rule of the
 * service: every change goes through the same engine operation as the API's.
 *
 * @example
 * ```ts
 * const dashboard = createDashboardHandler(engine, { admin: true });
 * const answer = await dashboard({ method: 'GET', path: '/', query: {}, headers: {}, body: '' });
 * ```
 */
export function createDashboardHandler(engine: Engine, options: DashboardOptions = {}): DashboardHandler {
  const sessions = new SessionStore(engine.signInSessions, options);
  const now = options.now ?? Date.now;
  // Every answer of a manual-clock server says so, as the API's do.
  const clockHeaders: Record<string, string> =
    engine.clockMode === 'manual' ? { [CLOCK_MODE_HEADER]: 'manual' } : {};
  const settings: DashboardSettings = {
    admin: (options.admin ?? true) && (options.mockRoutes ?? true),
    adminToken: options.adminToken,
  };

  return async (received) => {
    if (!DASHBOARD_PATH.test(received.path)) return undefined;
    const request = { ...received, query: singleValues(received.query) };
    const method = request.method.toUpperCase();
    const origin = dashboardOrigin(request);
    const common = { ...clockHeaders, ...transportSecurityHeaders(origin) };
    const file = ASSETS.get(request.path);
    if (file && (method === 'GET' || method === 'HEAD')) return withHeaders(asset(file, method), common);
    if (request.path.startsWith('/assets/')) return undefined;
    const cookie = sessionCookie(origin, options.secureCookie);
    // Two session cookies: one was set by a page of another port of this host (cookies are not
    // separated by port), with a narrower Path to be sent first. Neither is trusted.
    const values = cookieValues(request.headers.cookie, cookie.name);
    const cookieValue = values.length === 1 ? values[0] : undefined;
    const session = await sessions.find(cookieValue, origin);
    const shown: { flash?: Flash } = {};
    let answer: SignedAnswer;
    try {
      await engine.tick();
      answer = await route(request, method, session, cookie, cookieValue, origin, shown);
    } catch (error) {
      if (!(error instanceof ServiceError)) options.onError?.(error, request);
      answer = errorPage(error);
    }
    const response = respond(answer, { method, session, flash: shown.flash, clock: settings.admin });
    // The session's message and exports as this request left them, for the next request on any server.
    if (session) await sessions.settle(session);
    return withHeaders(response, common);
  };

  async function route(
    request: ApiRequest,
    method: string,
    session: Session | undefined,
    cookie: SessionCookie,
    cookieValue: string | undefined,
    origin: string,
    shown: { flash?: Flash },
  ): Promise<SignedAnswer> {
    const path = request.path.replace(/(.)\/$/, '$1');
    const form = method === 'POST' ? formFields(request) : new URLSearchParams();
    if (method === 'POST') {
      const reason = crossSiteReason(request);
      if (reason) return refused(reason);
    }
    if (path === '/sign-in') {
      if (method === 'GET' || method === 'HEAD') return session ? redirectTo('/') : signInPage(request);
      if (method === 'POST') return signIn(request, form, cookie, cookieValue, origin);
      return methodNotAllowed('GET, POST');
    }
    if (path === '/sign-out') {
      if (method !== 'POST') return methodNotAllowed('POST');
      if (session && !(await formTokenMatches(form.get(CSRF_FIELD), session.csrfToken))) {
        return refused('the form has no valid token of this session');
      }
      if (cookieValue) await sessions.delete(cookieValue);
      return {
        ...redirectTo('/sign-in?signed_out=1'),
        setCookie: setSessionCookie(cookie, ''),
      };
    }
    const matched = match(path, method === 'HEAD' ? 'GET' : method);
    if (!matched) return notFoundOrMethod(path);
    if (!session) {
      return method === 'POST' ? signInRedirect('/') : signInRedirect(pathWithQuery(request));
    }
    let account: PageCall['account'];
    try {
      account = await engine.accounts.authenticateKeyHash(session.apiKeyHash);
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      if (cookieValue) await sessions.delete(cookieValue);
      return signInRedirect(method === 'POST' ? '/' : pathWithQuery(request));
    }
    if (method === 'POST' && !(await formTokenMatches(form.get(CSRF_FIELD), session.csrfToken))) {
      return refused('the form has no valid token of this session');
    }
    // A message is shown once, by the GET that follows the form (not by a HEAD).
    const flash = method === 'GET' ? session.flash : undefined;
    if (method === 'GET') session.flash = undefined;
    shown.flash = flash;
    const call: PageCall = {
      engine,
      request,
      params: matched.params,
      form,
      account,
      session,
      flash,
      settings,
    };
    try {
      return await matched.route.handler(call);
    } catch (error) {
      const back = matched.route.back;
      if (
        !back ||
        !(error instanceof ServiceError) ||
        error.status >= 500 ||
        error instanceof NotFoundError
      ) {
        throw error;
      }
      return { kind: 'redirect', location: back(matched.params), flash: refusedForm(error, form) };
    }
  }

  async function signIn(
    request: ApiRequest,
    form: URLSearchParams,
    cookie: SessionCookie,
    previous: string | undefined,
    origin: string,
  ) {
    const key = form.get('api_key')?.trim() ?? '';
    // Throttled by client address and by the key's first characters, in the store that every
    // server on the database shares; an attempt whose key is right is not counted.
    const subjects = [`address:${request.clientAddress ?? 'unknown'}`];
    if (key) subjects.push(`key:${key.slice(0, KEY_PREFIX_LENGTH)}`);
    const attempt = await engine.attemptThrottle.take(subjects, now(), SIGN_IN_ATTEMPT_LIMIT);
    if ('retryAfterSeconds' in attempt) return signInPage(request, attempt);
    let account: PageCall['account'];
    try {
      account = await engine.accounts.authenticate(key || undefined);
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      return signInPage(request, key ? 'wrong' : 'missing');
    }
    await engine.attemptThrottle.forgive(attempt);
    // A new session id at every sign-in; the one the browser had, if any, ends.
    if (previous) await sessions.delete(previous);
    const { id } = await sessions.create(account.api_key_hash, origin);
    return {
      ...redirectTo(localPath(form.get('next'), origin, '/')),
      setCookie: setSessionCookie(cookie, id),
    };
  }
}

/** The origin the dashboard was reached at (the public URL's behind a proxy). */
function dashboardOrigin(request: ApiRequest): string {
  try {
    return new URL(request.baseUrl ?? 'http://localhost').origin;
  } catch {
    return 'http://localhost';
  }
}

/** An answer that also sets or clears the session cookie. */
type SignedAnswer = Answer & { setCookie?: string };

function match(path: string, method: string) {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      params[name] = safeDecode(found[index + 1] ?? '');
    });
    return { route, params };
  }
  return undefined;
}

function notFoundOrMethod(path: string): Answer {
  const allowed = ROUTES.filter((route) => route.pattern.test(path)).map((route) => route.method);
  if (allowed.length > 0) return methodNotAllowed([...new Set(allowed)].join(', '));
  return errorPage(new NotFoundError(`There is no dashboard page at ${path}.`));
}

function methodNotAllowed(allow: string): PageAnswer {
  return {
    kind: 'page',
    status: 405,
    title: 'Method not allowed',
    body: html`<h1>Method not allowed</h1><p>This address takes ${allow}.</p>`,
  };
}

function refused(reason: string): PageAnswer {
  return {
    kind: 'page',
    status: 403,
    title: 'Form refused',
    body: html`<h1>Form refused</h1><p>Nothing was changed: ${reason}. Go back, reload the page and send the form again.</p>`,
  };
}

function redirectTo(location: string): Answer {
  return { kind: 'redirect', location };
}

/** A refused form's flash: the engine's message, the field it names, and what the form held. */
function refusedForm(error: ServiceError, form: URLSearchParams): Flash {
  const values: Record<string, string> = Object.create(null);
  for (const [name, value] of form) {
    if (name !== CSRF_FIELD && name !== 'secret' && name !== 'admin_token') values[name] = value;
  }
  return {
    kind: 'error',
    message: error.message,
    field: error.param?.split('.').pop(),
    values,
  };
}

/** A page's links never repeat a parameter; of a repeated one, the first is read. */
function singleValues(query: ApiRequest['query']): Record<string, string> {
  const single: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(query))
    single[name] = Array.isArray(value) ? (value[0] ?? '') : value;
  return single;
}

function pathWithQuery(request: ApiRequest): string {
  const query = new URLSearchParams(singleValues(request.query)).toString();
  return query ? `${request.path}?${query}` : request.path;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function withHeaders(response: ApiResponse, headers: Record<string, string>): ApiResponse {
  Object.assign(response.headers, headers);
  return response;
}

function asset(file: Asset, method: string): ApiResponse {
  return {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
    body: method === 'HEAD' ? '' : file.body,
  };
}

interface ResponseContext {
  method: string;
  session: Session | undefined;
  /** The flash this page shows (taken from the session). */
  flash: Flash | undefined;
  /** Admin routes are on: link the clock and requests pages. */
  clock: boolean;
}

function respond(answer: SignedAnswer, { method, session, flash, clock }: ResponseContext): ApiResponse {
  const extra: Record<string, string> = answer.setCookie ? { 'set-cookie': answer.setCookie } : {};
  if (answer.kind === 'redirect') {
    if (answer.flash && session) session.flash = answer.flash;
    return {
      status: 303,
      headers: { location: answer.location, 'cache-control': 'no-store', ...extra },
      body: '',
    };
  }
  if (answer.kind === 'document') {
    return {
      status: answer.status,
      headers: { ...answer.headers, ...extra },
      body: method === 'HEAD' ? '' : answer.body,
    };
  }
  const signedIn = session !== undefined && answer.setCookie === undefined;
  const body = renderPage(answer, {
    csrfToken: signedIn ? session.csrfToken : undefined,
    clock: signedIn && clock,
    flash: answer.flash ?? flash,
  });
  return {
    status: answer.status ?? 200,
    headers: { ...PAGE_HEADERS, ...answer.headers, ...extra },
    body: method === 'HEAD' ? '' : body,
  };
}
