import { CLOCK_MODE_HEADER } from '@rankquill/contract';
import { expect, it } from 'vitest';
import {
  APIUserAbortError,
  BadRequestError,
  ConflictError,
  type ContentItem,
  ManualClockError,
  NotFoundError,
  WaitTimeoutError,
} from '../../src/index';
import { errorOf } from '../support/error-of';
import { describeEachTarget } from '../support/targets';

describeEachTarget('content', (target) => {
  it('creates content that is generating, then finishes as a draft when the clock moves', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const job = await client.content.create(projectId, { keyword: 'moka pot', length: 400 });
    expect(job).toMatchObject({ status: 'generating', keyword: 'moka pot', type: 'blog_post' });
    expect(Date.parse(job.estimated_completion)).toBeGreaterThan(Date.parse(job.created_at));

    const generating = await client.content.retrieve(projectId, job.id);
    expect(generating).toMatchObject({ id: job.id, status: 'generating', title: null });

    await target().advance(3600);
    const draft = await client.content.retrieve(projectId, job.id);
    expect(draft.status).toBe('draft');
    expect(draft.title).toEqual(expect.any(String));
  });

  it('updates, publishes, unpublishes and deletes an article', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const job = await client.content.create(projectId, { keyword: 'aeropress recipe', length: 300 });
    await target().advance(3600);

    const edited = await client.content.update(projectId, job.id, { title: 'The AeroPress, step by step' });
    expect(edited).toMatchObject({ title: 'The AeroPress, step by step', status: 'draft' });

    const published = await client.content.publish(projectId, job.id);
    expect(published.status).toBe('published');
    expect(published.published_at).toEqual(expect.any(String));

    const unpublished = await client.content.unpublish(projectId, job.id);
    expect(unpublished.status).toBe('draft');

    expect(await client.content.delete(projectId, job.id)).toEqual({ id: job.id, deleted: true });
    await expect(client.content.retrieve(projectId, job.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists content by status, one page or every item', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const published = await client.content.list(projectId, { status: 'published' });
    expect(published.data.length).toBe(3);
    expect(published.data.every((item) => item.status === 'published')).toBe(true);

    const all: ContentItem[] = [];
    for await (const item of client.content.list(projectId, { limit: 2 })) all.push(item);
    expect(all.map((item) => item.status).sort()).toEqual([
      'draft',
      'generating',
      'published',
      'published',
      'published',
    ]);
    expect(new Set(all.map((item) => item.id)).size).toBe(5);
  });

  it('throws ConflictError when publishing an article that is still generating', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const job = await client.content.create(projectId, { keyword: 'french press' });
    const error = await client.content.publish(projectId, job.id).catch(errorOf);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, type: 'conflict_error' });
  });

  it('throws BadRequestError for an unknown content type, naming the field', async () => {
    const client = target().client();
    const error = await client.content
      .create(target().demo.project_id, { keyword: 'x', type: 'poem' as 'blog_post' })
      .catch(errorOf);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.param).toBe('type');
  });

  it('createAndWait polls until the article leaves generating', async () => {
    const projectId = target().demo.project_id;
    let polls = 0;
    const client = target().client({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'GET') polls++;
        return fetch(request);
      },
    });
    const waiting = client.content.createAndWait(
      projectId,
      { keyword: 'chemex', length: 300, auto_publish: true },
      { pollInterval: 10 },
    );
    // Let it poll while the service's clock stands still, then move the clock past completion.
    while (polls < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await target().advance(3600);
    const article = await waiting;
    expect(article.status).toBe('published');
    expect(article.keyword).toBe('chemex');
    expect(polls).toBeGreaterThanOrEqual(3);
  });

  it('createAndWait waits for the estimated generation time by default (on a real clock)', async () => {
    const seen: number[] = [];
    const client = target().client({
      fetch: async (input, init) => {
        seen.push(Date.now());
        const response = await fetch(input, init);
        // As a real-clock server answers: without the manual-clock header.
        const headers = new Headers(response.headers);
        headers.delete(CLOCK_MODE_HEADER);
        return new Response(await response.arrayBuffer(), { status: response.status, headers });
      },
    });
    // 300 words: 20 s + 15 s estimated; a 1 s wait timeout must stop before the first poll. (The
    // timeout is long enough for the create call to finish within it on a loaded machine.)
    const error = await client.content
      .createAndWait(target().demo.project_id, { keyword: 'siphon', length: 300 }, { waitTimeout: 1_000 })
      .catch(errorOf);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.id).toMatch(/^cnt_/);
    expect(seen.length).toBe(2); // the create call and one poll at the deadline
    expect((seen[1] ?? 0) - (seen[0] ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('createAndWait on a manual-clock server fails within a second, naming the clock and the route that moves it', async () => {
    const client = target().client();
    const started = Date.now();
    const error = await client.content
      .createAndWait(target().demo.project_id, { keyword: 'aeropress', length: 300 })
      .catch(errorOf);
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(ManualClockError);
    expect(error.id).toMatch(/^cnt_/);
    expect(error.message).toContain('manual clock');
    expect(error.message).toContain('POST /__admin/clock/advance');
    expect(waited).toBeLessThan(1_500);
    expect(waited).toBeGreaterThanOrEqual(900);
    // The item is there, generating, for a test to advance and retrieve.
    await target().advance(60);
    expect((await client.content.retrieve(target().demo.project_id, error.id)).status).toBe('draft');
  });

  it('createAndWait stops when its signal aborts', async () => {
    const client = target().client();
    const controller = new AbortController();
    const waiting = client.content.createAndWait(
      target().demo.project_id,
      { keyword: 'ibrik' },
      { pollInterval: 10_000, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    await expect(waiting).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('reuses the Idempotency-Key across retries, so a lost answer never creates twice', async () => {
    const projectId = target().demo.project_id;
    const keys: string[] = [];
    let dropped = false;
    const client = target().client({
      maxRetries: 2,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        keys.push(request.headers.get('idempotency-key') ?? '');
        const response = await fetch(request);
        if (!dropped && request.method === 'POST') {
          // The server did the work; the answer is lost on the way back.
          dropped = true;
          throw new TypeError('fetch failed');
        }
        return response;
      },
    });
    const { data: job, response } = await client.content
      .create(projectId, { keyword: 'vietnamese coffee' })
      .withResponse();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^rq-sdk-/);
    expect(keys[1]).toBe(keys[0]);
    expect(response.headers.get('idempotent-replayed')).toBe('true');

    const generating = await target().client().content.list(projectId, { status: 'generating' });
    expect(generating.data.filter((item) => item.keyword === 'vietnamese coffee')).toHaveLength(1);
    expect(generating.data.find((item) => item.keyword === 'vietnamese coffee')?.id).toBe(job.id);
  });

  it('lets the caller choose the Idempotency-Key; the same key with another body is a conflict', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const first = await client.content.create(
      projectId,
      { keyword: 'flat white' },
      { idempotencyKey: 'order-1' },
    );
    const again = await client.content.create(
      projectId,
      { keyword: 'flat white' },
      { idempotencyKey: 'order-1' },
    );
    expect(again.id).toBe(first.id);
    const error = await client.content
      .create(projectId, { keyword: 'cortado' }, { idempotencyKey: 'order-1' })
      .catch(errorOf);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.param).toBe('Idempotency-Key');
  });
});
