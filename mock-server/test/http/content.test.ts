import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let key: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
  const project = await server.call('POST', '/v1/projects', {
    key,
    body: { name: 'Content Co', domain: 'content.example' },
  });
  projectId = project.body.id;
});
afterAll(() => server.close());

const contentPath = (suffix = '') => `/v1/projects/${projectId}/content${suffix}`;

async function generate(body: Record<string, unknown>) {
  const created = await server.call('POST', contentPath(), { key, body });
  expect(created.status).toBe(202);
  const waitSeconds =
    (Date.parse(created.body.estimated_completion) - Date.parse(created.body.created_at)) / 1000;
  await server.advance(waitSeconds);
  return (await server.call('GET', contentPath(`/${created.body.id}`), { key })).body;
}

describe('content lifecycle', () => {
  it('answers 202 with the fields of spec 2.2 and completes at estimated_completion', async () => {
    const created = await server.call('POST', contentPath(), {
      key,
      body: { keyword: 'espresso machine cleaning', type: 'blog_post', length: 800, auto_publish: false },
    });
    expect(created.status).toBe(202);
    expect(Object.keys(created.body).sort()).toEqual([
      'created_at',
      'estimated_completion',
      'id',
      'keyword',
      'status',
      'type',
    ]);
    expect(created.body).toMatchObject({
      status: 'generating',
      keyword: 'espresso machine cleaning',
      type: 'blog_post',
    });
    expect(created.body.id).toMatch(/^cnt_/);
    const due = Date.parse(created.body.estimated_completion);
    const clock = await server.call('GET', '/__admin/clock');
    expect(due).toBeGreaterThan(Date.parse(clock.body.now));

    await server.advance((due - Date.parse(clock.body.now)) / 1000 - 1);
    expect((await server.call('GET', contentPath(`/${created.body.id}`), { key })).body.status).toBe(
      'generating',
    );

    await server.advance(1);
    const item = (await server.call('GET', contentPath(`/${created.body.id}`), { key })).body;
    expect(item.status).toBe('draft');
    expect(item.title.toLowerCase()).toContain('espresso machine cleaning');
    expect(item.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(item.content).toContain('<h2');
    expect(item.content_text).not.toContain('<');
    expect(item.word_count).toBeGreaterThan(700);
    expect(item.word_count).toBeLessThan(900);
    expect(item).toMatchObject({ language: 'en', published_at: null, length: 800, auto_publish: false });
    expect(item.updated_at).toBe(created.body.estimated_completion);
  });

  it('publishes straight away with auto_publish, and moves draft -> published -> draft', async () => {
    const auto = await generate({ keyword: 'latte art basics', auto_publish: true });
    expect(auto.status).toBe('published');
    expect(auto.published_at).toBe(auto.updated_at);

    const draft = await generate({ keyword: 'milk frothing' });
    expect(draft.status).toBe('draft');
    const published = await server.call('POST', contentPath(`/${draft.id}/publish`), { key });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    const again = await server.call('POST', contentPath(`/${draft.id}/publish`), { key });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      type: 'conflict_error',
      message: `Content ${draft.id} is already published.`,
    });

    await server.advance(30);
    const edited = await server.call('PUT', contentPath(`/${draft.id}`), {
      key,
      body: { title: 'Milk frothing, properly' },
    });
    expect(edited.body).toMatchObject({ status: 'published', title: 'Milk frothing, properly' });
    expect(edited.body.updated_at > published.body.updated_at).toBe(true);

    const unpublished = await server.call('POST', contentPath(`/${draft.id}/unpublish`), { key });
    expect(unpublished.body.status).toBe('draft');
    const twice = await server.call('POST', contentPath(`/${draft.id}/unpublish`), { key });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain('only a published article can be unpublished');
  });

  it('refuses to publish or edit while generating, with a 409 that says when', async () => {
    const created = await server.call('POST', contentPath(), { key, body: { keyword: 'grinder burrs' } });
    const publish = await server.call('POST', contentPath(`/${created.body.id}/publish`), { key });
    expect(publish.status).toBe(409);
    expect(publish.body.error.message).toContain('still generating');
    expect(publish.body.error.message).toContain(created.body.estimated_completion);
    const edit = await server.call('PUT', contentPath(`/${created.body.id}`), { key, body: { title: 'x' } });
    expect(edit.status).toBe(409);
  });

  it('sanitizes HTML on write and keeps plain text and word count in step', async () => {
    const item = await generate({ keyword: 'water hardness' });
    const updated = await server.call('PUT', contentPath(`/${item.id}`), {
      key,
      body: {
        content:
          '<h2 onclick="steal()">Hard water</h2><p>Scale <script>alert(1)</script>builds <a href="javascript:alert(1)">up</a>.</p><img src=x onerror=alert(1)>',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(updated.body.content).toContain('<h2>Hard water</h2>');
    expect(updated.body.content_text).toContain('Scale builds up.');
    expect(updated.body.word_count).toBe(5);
  });

  it('keeps slugs unique within the project', async () => {
    const first = await generate({ keyword: 'same keyword twice' });
    const second = await generate({ keyword: 'same keyword twice' });
    expect(second.slug).not.toBe(first.slug);
    const clash = await server.call('PUT', contentPath(`/${second.id}`), { key, body: { slug: first.slug } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.param).toBe('slug');
  });

  it('lists newest first with pagination and a status filter, and deletes', async () => {
    const drafts = await server.call('GET', contentPath('?status=draft&limit=2'), { key });
    expect(drafts.status).toBe(200);
    expect(drafts.body.data.every((item: { status: string }) => item.status === 'draft')).toBe(true);
    expect(drafts.body.pagination.limit).toBe(2);
    const all = await server.call('GET', contentPath('?limit=100'), { key });
    const created = all.body.data.map((item: { created_at: string }) => item.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const victim = all.body.data[0].id;
    expect((await server.call('DELETE', contentPath(`/${victim}`), { key })).body).toEqual({
      id: victim,
      deleted: true,
    });
    expect((await server.call('GET', contentPath(`/${victim}`), { key })).status).toBe(404);
    expect((await server.call('GET', contentPath('?limit=100'), { key })).body.pagination.total).toBe(
      all.body.pagination.total - 1,
    );
  });

  it.each([
    [{}, 'keyword', '`keyword` is required.'],
    [{ keyword: '   ' }, 'keyword', 'must not be empty'],
    [{ keyword: 'x', type: 'poem' }, 'type', 'must be one of: blog_post, how_to'],
    [{ keyword: 'x', length: '800' }, 'length', 'must be an integer number of words from 300 to 5000'],
    [{ keyword: 'x', length: 99999 }, 'length', 'from 300 to 5000'],
    [{ keyword: 'x', auto_publish: 'yes' }, 'auto_publish', 'must be true or false'],
  ])('rejects %j with a 400 naming the field', async (body, param, message) => {
    const answer = await server.call('POST', contentPath(), { key, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toContain(message);
  });

  it('rejects malformed JSON and bad list parameters with 400, never 500', async () => {
    const broken = await server.call('POST', contentPath(), { key, body: '{"keyword": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toContain('not valid JSON');
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'status=archived']) {
      const answer = await server.call('GET', contentPath(`?${query}`), { key });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.param).toBe(query.split('=')[0]);
    }
    const update = await server.call('PUT', contentPath('/cnt_missing'), {
      key,
      body: { featured_image: 'not a url' },
    });
    expect(update.status).toBe(400);
    expect(update.body.error.param).toBe('featured_image');
  });

  it('answers 404 for unknown content, naming contentId', async () => {
    const answer = await server.call('GET', contentPath('/cnt_0000000000000'), { key });
    expect(answer.status).toBe(404);
    expect(answer.body.error.param).toBe('contentId');
  });
});
