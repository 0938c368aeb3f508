import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let key: string;
let project: string;
beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
  project = server.demo.project_id;
});
afterAll(() => server.close());

/** TRACE, which fetch refuses to send: its status and Allow header. */
function trace(path: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.url}${path}`, { method: 'TRACE' }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, allow: answer.headers.allow }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A request with no helper in between, so nothing is added to it. */
function send(method: string, path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { method, headers });
}

describe('methods', () => {
  it('answers HEAD wherever GET works, with the headers of GET and no body', async () => {
    const headers = { authorization: `Bearer ${key}` };
    for (const path of ['/healthz', '/v1/projects', `/v1/projects/${project}/content/export?format=csv`]) {
      const get = await send('GET', path, headers);
      const head = await send('HEAD', path, headers);
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('x-request-id'), path).toMatch(/^req_/);
      expect(await head.text(), path).toBe('');
    }
    const publicHead = await send('HEAD', '/public-article-api', {
      'x-service-key': server.demo.public_api_key,
    });
    expect(publicHead.status).toBe(200);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const patch = await send('PATCH', '/v1/projects', { authorization: `Bearer ${key}` });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(patch.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await patch.json();
    expect(body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(body.error.message).toContain('PATCH is not supported on /v1/projects');
    expect(await trace('/healthz')).toEqual({ status: 405, allow: 'GET, HEAD, OPTIONS' });
    const publicPost = await send('POST', '/public-article-api');
    expect(publicPost.status).toBe(405);
    expect(await publicPost.json()).toMatchObject({ success: false });
  });

  it('answers OPTIONS with 204, Allow and no CORS headers', async () => {
    const options = await send('OPTIONS', `/v1/projects/${project}`, {
      origin: 'https://site.example',
      'access-control-request-method': 'DELETE',
    });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    expect([...options.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(await options.text()).toBe('');
    expect((await send('OPTIONS', '/nowhere')).status).toBe(404);
    // A literal segment is its own resource: /content/export is not content "export".
    const exportOptions = await send('OPTIONS', `/v1/projects/${project}/content/export`);
    expect(exportOptions.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const exportPut = await send('PUT', `/v1/projects/${project}/content/export`);
    expect(exportPut.status).toBe(405);
  });
});

describe('paths', () => {
  it('answers 400 for a malformed percent escape in a path parameter, before authentication', async () => {
    for (const segment of ['%E0%A4%A', '%', '%zz', 'ok%']) {
      const main = await send('GET', `/v1/projects/${segment}`);
      expect(main.status, segment).toBe(400);
      const body = await main.json();
      expect(body.error).toMatchObject({ type: 'invalid_request_error', param: 'projectId' });
      expect(body.error.message).toContain('malformed percent escape');
      const nested = await send('GET', `/v1/projects/${project}/content/${segment}`, {
        authorization: `Bearer ${key}`,
      });
      expect(nested.status, segment).toBe(400);
      expect((await nested.json()).error.param).toBe('contentId');
    }
  });

  it('links the OpenAPI document from the 404 of an unknown route, and serves it', async () => {
    const unknown = await send('GET', '/v2/projects');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('link')).toBe('</openapi.json>; rel="service-desc"');
    expect((await unknown.json()).error.message).toContain('GET /openapi.json describes every route');
    const document = await send('GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toContain('application/json');
    const openapi = await document.json();
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.paths['/openapi.json'].get.operationId).toBe('openapi');
  });
});
