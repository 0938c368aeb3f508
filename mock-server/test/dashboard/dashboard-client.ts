import type { TestServer } from '../support/test-server';

export interface PageResult {
  status: number;
  headers: Headers;
  html: string;
}

/**
 * A browser-like client of the dashboard over real HTTP: it keeps the session cookie, reads the
 * form token from the last page, and sends forms as a page of this origin would.
 */
export class DashboardClient {
  cookie = '';
  token = '';

  constructor(readonly server: TestServer) {}

  async get(path: string): Promise<PageResult> {
    const response = await fetch(`${this.server.url}${path}`, {
      redirect: 'manual',
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const html = await response.text();
    const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
    if (token) this.token = token;
    return { status: response.status, headers: response.headers, html };
  }

  /** Posts a form with the session's token (unless `fields` sets `csrf_token`) from this origin. */
  async post(path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.server.url,
        'sec-fetch-site': 'same-origin',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: new URLSearchParams({ csrf_token: this.token, ...fields }),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    return { status: response.status, headers: response.headers, html: await response.text() };
  }

  /** Signs in with `key` and loads the projects page, which carries the form token. */
  async signIn(key: string): Promise<void> {
    const answer = await this.post('/sign-in', { api_key: key });
    if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}: ${answer.html}`);
    await this.get('/');
  }
}
