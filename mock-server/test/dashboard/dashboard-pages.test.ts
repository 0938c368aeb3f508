import { describe, expect, it } from 'vitest';
import { startRecordingReceiver } from '../support/recording-receiver';
import { DashboardClient } from './dashboard-client';
import { project, server, signedIn, useDashboardServer } from './dashboard-server';

useDashboardServer();

describe('dashboard pages', () => {
  it('serves pages with a strict policy, no caching, and HEAD without a body', async () => {
    const client = await signedIn();
    const page = await client.get(`${project()}/content`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.html).not.toContain('<script');
    const head = await fetch(`${server.url}${project()}/content`, {
      method: 'HEAD',
      headers: { cookie: client.cookie },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves the stylesheet under a hashed name for a year', async () => {
    const client = await signedIn();
    const page = await client.get('/');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.html)?.[1] ?? '';
    expect(href).toMatch(/^\/assets\/dashboard-[0-9a-f]{8}\.css$/);
    const css = await fetch(`${server.url}${href}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sandboxes the article document by its own policy', async () => {
    const client = await signedIn();
    const list = await server.call('GET', `/v1${project()}/content?status=published&limit=1`, {
      key: server.demo.api_key,
    });
    const article = await client.get(`${project()}/content/${list.body.data[0].id}/article`);
    expect(article.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none';/);
    expect(article.html).toContain(list.body.data[0].title);
  });

  it('answers another account’s project and unknown pages with a 404 page, and a wrong method with 405', async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const client = new DashboardClient(server);
    await client.signIn(other.body.api_key);
    const foreign = await client.get(project());
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain(`No project with id ${server.demo.project_id}`);
    expect((await client.get('/projects/proj_x/nothing')).status).toBe(404);
    const put = await fetch(`${server.url}/clock`, { method: 'PUT', headers: { cookie: client.cookie } });
    expect(put.status).toBe(405);
  });

  it('leaves the API, the public article API and the admin routes as they were', async () => {
    expect((await server.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const projects = await server.call('GET', '/v1/projects', { key: server.demo.api_key });
    expect(projects.headers.get('content-type')).toContain('application/json');
    expect((await server.call('GET', '/nothing-here')).body.error.type).toBe('not_found_error');
  });
});

describe('dashboard deliveries', () => {
  it('shows a superseded delivery as superseded, in the deliveries table and the activity feed, with no Redeliver', async () => {
    const refusing = await startRecordingReceiver({
      status: (_, request) => (request.headers['x-service-event'] === 'content.published' ? 500 : 200),
    });
    try {
      const key = server.demo.api_key;
      const created = await server.call('POST', '/v1/projects', {
        key,
        body: { name: 'Seen', domain: 'seen.example' },
      });
      const projectId: string = created.body.id;
      const content = await server.call('POST', `/v1/projects/${projectId}/content`, {
        key,
        body: { keyword: 'superseded on screen', length: 300 },
      });
      await server.call('POST', '/__admin/clock/advance', { body: { seconds: 60 } });
      await server.call('PUT', `/v1/projects/${projectId}`, {
        key,
        body: { webhook: { url: refusing.url, secret: 'rq_whsec_seen' } },
      });
      const item = `/v1/projects/${projectId}/content/${content.body.id}`;
      await server.call('POST', `${item}/publish`, { key });
      for (let poll = 0; poll < 200 && refusing.requests.length < 1; poll++)
        await new Promise((r) => setTimeout(r, 10));
      await server.call('POST', '/__admin/clock/advance', { body: { seconds: 0 } });
      await server.call('PUT', item, { key, body: { title: 'Seen superseded' } });
      await server.call('POST', '/__admin/clock/advance', { body: { seconds: 0 } });
      const deliveries = await server.call('GET', `/v1/projects/${projectId}/deliveries`, { key });
      const [updated, published] = deliveries.body.data;
      expect([updated.status, published.status]).toEqual(['succeeded', 'superseded']);

      const client = await signedIn();
      const page = (await client.get(`/projects/${projectId}/integrations`)).html;
      const row = (id: string) =>
        page.slice(page.lastIndexOf('<tr', page.indexOf(id)), page.indexOf('</tr>', page.indexOf(id)));
      expect(row(published.id)).toContain('badge-superseded');
      expect(row(published.id)).not.toContain('Redeliver');
      expect(row(updated.id)).toContain('Redeliver');
      const feed = (await client.get(`/projects/${projectId}/activity`)).html;
      expect(feed).toContain('<span class="badge badge-superseded">superseded</span> after 1 attempt');
      expect(feed).toContain(`superseded by content.updated (${updated.id})`);
    } finally {
      await refusing.close();
    }
  });
});
