import { expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  Page,
  type Project,
  RankquillError,
} from '../../src/index';
import { errorOf } from '../support/error-of';
import { describeEachTarget } from '../support/targets';

describeEachTarget('projects', (target) => {
  it('creates, retrieves, updates and deletes a project', async () => {
    const client = target().client();
    const created = await client.projects.create({ name: 'Docs', domain: 'Docs.Example' });
    expect(created).toMatchObject({
      name: 'Docs',
      domain: 'docs.example',
      language: 'en',
      brand_names: ['Docs'],
    });
    expect(created.id).toMatch(/^proj_/);

    expect(await client.projects.retrieve(created.id)).toEqual(created);

    const updated = await client.projects.update(created.id, { language: 'nl', brand_names: ['Docs', 'DX'] });
    expect(updated).toMatchObject({ id: created.id, language: 'nl', brand_names: ['Docs', 'DX'] });

    expect(await client.projects.delete(created.id)).toEqual({ id: created.id, deleted: true });
    await expect(client.projects.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rotates the public article API key', async () => {
    const client = target().client();
    const { demo } = target();
    const { public_api_key } = await client.projects.rotatePublicApiKey(demo.project_id);
    expect(public_api_key).not.toBe(demo.public_api_key);
    expect((await client.projects.retrieve(demo.project_id)).public_api_key).toBe(public_api_key);
  });

  it('lists one page when awaited and every project with for await', async () => {
    const client = target().client();
    for (const name of ['A', 'B', 'C']) {
      await client.projects.create({ name, domain: `${name.toLowerCase()}.example` });
    }
    const page = await client.projects.list({ limit: 2 });
    expect(page).toBeInstanceOf(Page);
    expect(page.data.map((project) => project.name)).toEqual(['C', 'B']);
    expect(page.pagination).toEqual({ limit: 2, offset: 0, count: 2, total: 5, has_more: true });
    expect(page.hasNextPage()).toBe(true);

    const second = await page.getNextPage();
    expect(second.pagination).toMatchObject({ offset: 2, count: 2 });

    const names: string[] = [];
    for await (const project of client.projects.list({ limit: 2 })) names.push(project.name);
    expect(names).toEqual(['C', 'B', 'A', 'Trailhead Outfitters', 'Northwind Coffee']);

    const pages: number[] = [];
    for await (const each of page.iterPages()) pages.push(each.data.length);
    expect(pages).toEqual([2, 2, 1]);
    const last = await await second.getNextPage();
    expect(last.hasNextPage()).toBe(false);
    await expect(last.getNextPage()).rejects.toThrow(/last page/);
  });

  it('gives the response, request id and data with withResponse()', async () => {
    const client = target().client();
    const { data, response, requestId, rateLimit } = await client.projects
      .retrieve(target().demo.project_id)
      .withResponse();
    expect(data.id).toBe(target().demo.project_id);
    expect(response.status).toBe(200);
    expect(requestId).toMatch(/^req_/);
    expect(requestId).toBe(response.headers.get('x-request-id'));
    // The server sends X-RateLimit-* once rate limits exist; until then the field is absent.
    if (response.headers.has('x-ratelimit-limit')) expect(rateLimit?.limit).toBeGreaterThan(0);
    else expect(rateLimit).toBeUndefined();

    const listed = await client.projects.list().withResponse();
    expect(listed.data).toBeInstanceOf(Page);
    expect(listed.data.data.length).toBe(2);
  });

  it('throws BadRequestError naming the field for invalid input', async () => {
    const client = target().client();
    const error = await client.projects
      .create({ name: 'X', domain: 'https://x.example/path' })
      .catch(errorOf);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toBeInstanceOf(RankquillError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', param: 'domain' });
    expect(error.message).toMatch(/host name/);
    expect(error.requestId).toMatch(/^req_/);
    expect(error.headers.get('x-request-id')).toBe(error.requestId);

    const listError = await client.projects.list({ limit: 500 }).catch(errorOf);
    expect(listError).toBeInstanceOf(BadRequestError);
    expect(listError.param).toBe('limit');
  });

  it('throws AuthenticationError for an unknown key', async () => {
    const client = target().client({ apiKey: 'rq_test_unknown' });
    const error = await client.projects.list().catch(errorOf);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: 'authentication_error' });
  });

  it("throws NotFoundError for another account's project", async () => {
    const otherKey = await target().createAccount();
    const other = target().client({ apiKey: otherKey });
    const error = await other.projects.retrieve(target().demo.project_id).catch(errorOf);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, type: 'not_found_error' });
    const page = await other.projects.list();
    expect(page.data satisfies Project[]).toEqual([]);
  });
});
