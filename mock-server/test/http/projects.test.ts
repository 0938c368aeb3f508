import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
});
afterAll(() => server.close());

describe('projects', () => {
  it('creates, retrieves, updates, lists and deletes a project', async () => {
    const created = await server.call('POST', '/v1/projects', {
      key,
      body: { name: 'Blue Bottle', domain: 'BlueBottle.example' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Blue Bottle',
      domain: 'bluebottle.example',
      language: 'en',
      brand_names: ['Blue Bottle'],
    });
    expect(created.body.id).toMatch(/^proj_[0-9a-z]{13}$/);
    expect(created.body.public_api_key).toMatch(/^rqp_/);
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const id = created.body.id;
    const fetched = await server.call('GET', `/v1/projects/${id}`, { key });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);

    await server.advance(60);
    const updated = await server.call('PUT', `/v1/projects/${id}`, {
      key,
      body: { language: 'nl', name: 'Blue Bottle NL' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'Blue Bottle NL',
      language: 'nl',
      domain: 'bluebottle.example',
    });
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);

    const list = await server.call('GET', '/v1/projects?limit=1', { key });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].id).toBe(id);
    expect(list.body.pagination).toEqual({ limit: 1, offset: 0, count: 1, total: 3, has_more: true });

    const deleted = await server.call('DELETE', `/v1/projects/${id}`, { key });
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await server.call('GET', `/v1/projects/${id}`, { key })).status).toBe(404);
  });

  it("answers 404, never 403, for another account's project", async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    expect(other.status).toBe(201);
    const mine = server.demo.project_id;
    for (const [method, path] of [
      ['GET', `/v1/projects/${mine}`],
      ['PUT', `/v1/projects/${mine}`],
      ['DELETE', `/v1/projects/${mine}`],
      ['GET', `/v1/projects/${mine}/content`],
      ['POST', `/v1/projects/${mine}/public-api-key/rotate`],
    ] as const) {
      const answer = await server.call(method, path, {
        key: other.body.api_key,
        body: method === 'PUT' ? {} : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error).toMatchObject({ type: 'not_found_error', param: 'projectId' });
    }
    const theirs = await server.call('GET', '/v1/projects', { key: other.body.api_key });
    expect(theirs.body.pagination.total).toBe(0);
  });

  it.each([
    [{}, 'name', '`name` is required.'],
    [{ name: '', domain: 'a.example' }, 'name', '`name` must not be empty.'],
    [{ name: 7, domain: 'a.example' }, 'name', '`name` must be a string.'],
    [{ name: 'A', domain: 'https://a.example/path' }, 'domain', 'must be a host name such as example.com'],
    [{ name: 'A', domain: 'a.example', language: 'english' }, 'language', 'must be a language code'],
    [
      { name: 'A', domain: 'a.example', colour: 'red' },
      'colour',
      'Unknown field `colour`; allowed fields are: name, domain',
    ],
    [[1, 2], undefined, 'must be a JSON object'],
  ])('rejects %j with a 400 naming the field', async (body, param, message) => {
    const answer = await server.call('POST', '/v1/projects', { key, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.type).toBe('invalid_request_error');
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toContain(message);
    expect(answer.body.error.request_id).toBe(answer.headers.get('x-request-id'));
  });

  it('rotates the public article API key; the old key then answers 401 Invalid API key', async () => {
    const project = await server.call('POST', '/v1/projects', {
      key,
      body: { name: 'Rotor', domain: 'rotor.example' },
    });
    const oldKey = project.body.public_api_key;
    expect(
      (await server.call('GET', '/public-article-api', { headers: { 'x-service-key': oldKey } })).status,
    ).toBe(200);

    const rotated = await server.call('POST', `/v1/projects/${project.body.id}/public-api-key/rotate`, {
      key,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.public_api_key).toMatch(/^rqp_/);
    expect(rotated.body.public_api_key).not.toBe(oldKey);

    const stale = await server.call('GET', '/public-article-api', { headers: { 'x-service-key': oldKey } });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ success: false, error: 'Invalid API key' });
    const fresh = await server.call('GET', '/public-article-api', {
      headers: { 'x-service-key': rotated.body.public_api_key },
    });
    expect(fresh.status).toBe(200);
    const reread = await server.call('GET', `/v1/projects/${project.body.id}`, { key });
    expect(reread.body.public_api_key).toBe(rotated.body.public_api_key);
  });
});
