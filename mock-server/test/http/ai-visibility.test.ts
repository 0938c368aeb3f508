import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ActivityEntry,
  AI_PLATFORMS,
  AiVisibilityMentionDetectedEvent,
  AiVisibilityPrompt,
  AiVisibilityResponse,
  AiVisibilityScore,
  AiVisibilityTopic,
  listOf,
} from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const DAY = 24 * 60 * 60;

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
});
afterAll(() => server.close());

async function newProject(server: TestServer, name = 'Visible Coffee'): Promise<string> {
  const created = await server.call('POST', '/v1/projects', {
    key: server.demo.api_key,
    body: { name, domain: 'visible-coffee.example' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const path = (projectId: string, suffix = '') => `/v1/projects/${projectId}/ai-visibility${suffix}`;

async function createTopic(projectId: string, name: string) {
  const answer = await server.call('POST', path(projectId, '/topics'), { key, body: { name } });
  expect(answer.status, answer.text).toBe(201);
  return AiVisibilityTopic.parse(answer.body);
}

async function createPrompt(projectId: string, topicId: string, text: string) {
  const answer = await server.call('POST', path(projectId, '/prompts'), {
    key,
    body: { topic_id: topicId, text },
  });
  expect(answer.status, answer.text).toBe(201);
  return AiVisibilityPrompt.parse(answer.body);
}

describe('topics', () => {
  it('creates topics and lists them newest first, paginated', async () => {
    const projectId = await newProject(server);
    const first = await createTopic(projectId, '  Home brewing ');
    expect(first).toMatchObject({ project_id: projectId, name: 'Home brewing', prompt_count: 0 });
    expect(first.id).toMatch(/^top_[0-9a-z]{13}$/);
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = await createTopic(projectId, 'Coffee beans');

    const page = await server.call('GET', path(projectId, '/topics?limit=1'), { key });
    expect(page.status).toBe(200);
    expect(listOf(AiVisibilityTopic).parse(page.body)).toEqual({
      data: [second],
      pagination: { limit: 1, offset: 0, count: 1, total: 2, has_more: true },
    });
    const next = await server.call('GET', path(projectId, '/topics?limit=1&offset=1'), { key });
    expect(next.body.data).toEqual([first]);
    expect(next.body.pagination.has_more).toBe(false);
  });

  it('answers 409 naming `name` for a name in use, ignoring case and spacing', async () => {
    const projectId = await newProject(server);
    const topic = await createTopic(projectId, 'Home brewing');
    const clash = await server.call('POST', path(projectId, '/topics'), {
      key,
      body: { name: ' HOME   brewing' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ type: 'conflict_error', param: 'name' });
    expect(clash.body.error.message).toContain(topic.id);
    // Another project may use the same name.
    const elsewhere = await newProject(server, 'Elsewhere');
    expect(
      (await server.call('POST', path(elsewhere, '/topics'), { key, body: { name: 'Home brewing' } })).status,
    ).toBe(201);
  });

  it.each([
    [{}, 'name', '`name` is required.'],
    [{ name: '   ' }, 'name', '`name` must not be empty.'],
    [{ name: 'x'.repeat(101) }, 'name', 'must be at most 100 characters'],
    [{ name: 42 }, 'name', 'must be a string'],
    [{ name: 'ok', colour: 'red' }, 'colour', 'Unknown field `colour`; allowed fields are: name'],
  ])('rejects %j with a 400 naming the field', async (body, param, message) => {
    const answer = await server.call('POST', path(server.demo.project_id, '/topics'), { key, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(answer.body.error.message).toContain(message);
  });
});

describe('prompts', () => {
  it('creates a prompt that is asked on every platform for today before the next answer', async () => {
    const projectId = await newProject(server);
    const topic = await createTopic(projectId, 'Cold brew');
    const prompt = await createPrompt(projectId, topic.id, '  What is the best coffee for cold brew?  ');
    expect(prompt).toMatchObject({
      project_id: projectId,
      topic_id: topic.id,
      text: 'What is the best coffee for cold brew?',
    });
    expect(prompt.id).toMatch(/^prm_[0-9a-z]{13}$/);

    const answers = await server.call('GET', path(projectId, `/responses?prompt_id=${prompt.id}`), { key });
    expect(answers.status).toBe(200);
    const page = listOf(AiVisibilityResponse).parse(answers.body);
    expect(page.data.map((response) => response.platform).sort()).toEqual([...AI_PLATFORMS].sort());
    for (const response of page.data) {
      expect(response).toMatchObject({ prompt_id: prompt.id, topic_id: topic.id, date: '2026-01-01' });
      expect(response.id).toMatch(/^rsp_/);
      expect(response.mentioned).toBe(response.mentions.length > 0);
      for (const url of response.project_citations)
        expect(new URL(url).hostname).toMatch(/(^|\.)visible-coffee\.example$/);
    }
    const topics = await server.call('GET', path(projectId, '/topics'), { key });
    expect(topics.body.data[0].prompt_count).toBe(1);
  });

  it('lists prompts newest first, optionally of one topic', async () => {
    const projectId = await newProject(server);
    const brewing = await createTopic(projectId, 'Brewing');
    const beans = await createTopic(projectId, 'Beans');
    const a = await createPrompt(projectId, brewing.id, 'Which kettle?');
    const b = await createPrompt(projectId, beans.id, 'Which beans?');
    const c = await createPrompt(projectId, brewing.id, 'Which grinder?');
    const all = await server.call('GET', path(projectId, '/prompts'), { key });
    expect(all.body.data.map((prompt: { id: string }) => prompt.id)).toEqual([c.id, b.id, a.id]);
    const ofBrewing = await server.call('GET', path(projectId, `/prompts?topic_id=${brewing.id}`), { key });
    expect(ofBrewing.body.data.map((prompt: { id: string }) => prompt.id)).toEqual([c.id, a.id]);
    expect(ofBrewing.body.pagination.total).toBe(2);
  });

  it('answers 409 naming `text` for a prompt the project already tracks, ignoring case', async () => {
    const projectId = await newProject(server);
    const one = await createTopic(projectId, 'One');
    const two = await createTopic(projectId, 'Two');
    const prompt = await createPrompt(projectId, one.id, 'Best pour over kettle?');
    const clash = await server.call('POST', path(projectId, '/prompts'), {
      key,
      body: { topic_id: two.id, text: 'best POUR over kettle?' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ type: 'conflict_error', param: 'text' });
    expect(clash.body.error.message).toContain(prompt.id);
  });

  it("answers 400 naming `topic_id` for a missing topic or another project's", async () => {
    const projectId = await newProject(server);
    const other = await newProject(server, 'Other');
    const theirs = await createTopic(other, 'Theirs');
    for (const topicId of ['top_0000000000000', theirs.id]) {
      const answer = await server.call('POST', path(projectId, '/prompts'), {
        key,
        body: { topic_id: topicId, text: 'Anything?' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param: 'topic_id' });
      expect(answer.body.error.message).toContain(`No topic with id ${topicId} in project ${projectId}`);
      expect(answer.body.error.message).toContain(`GET /v1/projects/${projectId}/ai-visibility/topics`);
      const filter = await server.call('GET', path(projectId, `/prompts?topic_id=${topicId}`), { key });
      expect(filter.status).toBe(400);
      expect(filter.body.error.param).toBe('topic_id');
    }
  });

  it.each([
    [{ text: 'Anything?' }, 'topic_id', '`topic_id` is required.'],
    [{ topic_id: '', text: 'Anything?' }, 'topic_id', 'must be a topic id'],
    [{ topic_id: 'TOPIC', text: '' }, 'text', '`text` must not be empty.'],
    [{ topic_id: 'TOPIC', text: 'x'.repeat(501) }, 'text', 'must be at most 500 characters'],
    [{ topic_id: 'TOPIC', text: ['a'] }, 'text', 'must be a string'],
    [{ topic_id: 'TOPIC', text: 'ok', platforms: ['chatgpt'] }, 'platforms', 'Unknown field `platforms`'],
  ])('rejects %j with a 400 naming the field', async (body, param, message) => {
    const projectId = server.demo.project_id;
    const [topic] = (await server.call('GET', path(projectId, '/topics'), { key })).body.data;
    const sent = JSON.parse(JSON.stringify(body).replace('"TOPIC"', JSON.stringify(topic.id)));
    const answer = await server.call('POST', path(projectId, '/prompts'), { key, body: sent });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(answer.body.error.message).toContain(message);
  });
});

describe('responses', () => {
  let projectId: string;
  let promptA: string;
  let promptB: string;

  beforeAll(async () => {
    projectId = await newProject(server, 'Filtered');
    const topic = await createTopic(projectId, 'Filters');
    promptA = (await createPrompt(projectId, topic.id, 'Prompt A?')).id;
    promptB = (await createPrompt(projectId, topic.id, 'Prompt B?')).id;
    await server.advance(2 * DAY);
  });

  const list = (query: string) => server.call('GET', path(projectId, `/responses?${query}`), { key });

  it('lists answers newest day first and pages through them', async () => {
    const all = await list('limit=100');
    expect(all.body.pagination).toEqual({ limit: 100, offset: 0, count: 30, total: 30, has_more: false });
    const dates = all.body.data.map((response: { date: string }) => response.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates)).toEqual(new Set(['2026-01-01', '2026-01-02', '2026-01-03']));

    const seen: string[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await list(`limit=7&offset=${offset}`);
      seen.push(...page.body.data.map((response: { id: string }) => response.id));
      if (!page.body.pagination.has_more) break;
    }
    expect(seen).toEqual(all.body.data.map((response: { id: string }) => response.id));
  });

  it('filters by prompt, platform and days', async () => {
    const ofA = await list(`prompt_id=${promptA}&limit=100`);
    expect(ofA.body.pagination.total).toBe(15);
    expect(ofA.body.data.every((response: { prompt_id: string }) => response.prompt_id === promptA)).toBe(
      true,
    );

    const perplexityOfB = await list(`prompt_id=${promptB}&platform=perplexity`);
    expect(perplexityOfB.body.data.map((response: { date: string }) => response.date)).toEqual([
      '2026-01-03',
      '2026-01-02',
      '2026-01-01',
    ]);

    const middle = await list('from=2026-01-02&to=2026-01-02&limit=100');
    expect(middle.body.pagination.total).toBe(10);
    expect(middle.body.data.every((response: { date: string }) => response.date === '2026-01-02')).toBe(true);
    expect((await list('from=2026-01-03')).body.pagination.total).toBe(10);
    expect((await list('to=2026-01-01')).body.pagination.total).toBe(10);
  });

  it.each([
    ['platform=bard', 'platform', 'must be one of: chatgpt, perplexity, gemini, claude, google_ai_overviews'],
    ['from=01/02/2026', 'from', 'must be a date in YYYY-MM-DD form'],
    ['to=2026-02-30', 'to', 'must be a date in YYYY-MM-DD form'],
    ['from=2026-01-03&to=2026-01-01', 'from', '`from` (2026-01-03) is after `to` (2026-01-01)'],
    ['prompt_id=prm_0000000000000', 'prompt_id', 'No prompt with id prm_0000000000000'],
    ['limit=0', 'limit', 'must be an integer from 1 to 100'],
  ])('answers 400 for %s, naming the parameter', async (query, param, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(answer.body.error.message).toContain(message);
  });
});

describe('score', () => {
  it('is 0 with counts 0 for a project without answers', async () => {
    const projectId = await newProject(server);
    const answer = await server.call('GET', path(projectId), { key });
    expect(answer.status).toBe(200);
    const score = AiVisibilityScore.parse(answer.body);
    expect(score).toMatchObject({
      project_id: projectId,
      score: 0,
      citation_score: 0,
      mention_rate: 0,
      average_position: null,
      counts: { responses: 0, mentioned: 0, cited: 0, mentions: 0 },
      cited_domains: [],
    });
    expect(score.period.days).toBe(30);
    expect(score.platforms.map((platform) => platform.platform)).toEqual([...AI_PLATFORMS]);
  });

  it('counts the answers of the last 30 days as the days go by, and of any period asked for', async () => {
    const own = await startTestServer({ seed: 5 });
    try {
      const projectId = await newProject(own);
      const topic = await own.call('POST', path(projectId, '/topics'), {
        key: own.demo.api_key,
        body: { name: 'T' },
      });
      await own.call('POST', path(projectId, '/prompts'), {
        key: own.demo.api_key,
        body: { topic_id: topic.body.id, text: 'Who roasts the best beans?' },
      });
      await own.advance(3 * DAY);
      const now = AiVisibilityScore.parse(
        (await own.call('GET', path(projectId), { key: own.demo.api_key })).body,
      );
      expect(now.period).toEqual({ from: '2025-12-06', to: '2026-01-04', days: 30 });
      expect(now.counts.responses).toBe(4 * AI_PLATFORMS.length);
      const platformTotal = now.platforms.reduce((sum, platform) => sum + platform.counts.responses, 0);
      expect(platformTotal).toBe(now.counts.responses);
      expect(now.score).toBeGreaterThanOrEqual(0);
      expect(now.score).toBeLessThanOrEqual(100);

      const firstTwoDays = await own.call('GET', path(projectId, '?from=2026-01-01&to=2026-01-02'), {
        key: own.demo.api_key,
      });
      expect(firstTwoDays.body.period).toEqual({ from: '2026-01-01', to: '2026-01-02', days: 2 });
      expect(firstTwoDays.body.counts.responses).toBe(2 * AI_PLATFORMS.length);

      // 40 days on, the first days have left the default window.
      await own.advance(40 * DAY);
      const later = (await own.call('GET', path(projectId), { key: own.demo.api_key })).body;
      expect(later.period).toEqual({ from: '2026-01-15', to: '2026-02-13', days: 30 });
      expect(later.counts.responses).toBe(30 * AI_PLATFORMS.length);
    } finally {
      await own.close();
    }
  });

  it.each([
    ['from=2026-1-1', 'from', 'must be a date in YYYY-MM-DD form'],
    ['from=2026-01-02&to=2026-01-01', 'from', 'is after `to`'],
    ['from=2024-01-01&to=2026-01-01', 'from', 'at most 366 days'],
  ])('answers 400 for %s', async (query, param, message) => {
    const answer = await server.call('GET', path(server.demo.project_id, `?${query}`), { key });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toContain(message);
  });
});

describe('access', () => {
  it("answers 404 naming `id` for another account's project or a missing one", async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const mine = server.demo.project_id;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['GET', '/topics', undefined],
      ['POST', '/topics', { name: 'Mine now' }],
      ['GET', '/prompts', undefined],
      ['POST', '/prompts', { topic_id: 'top_0000000000000', text: 'Hi?' }],
      ['GET', '/responses', undefined],
    ] as const) {
      for (const [who, project] of [
        [other.body.api_key, mine],
        [key, 'proj_0000000000000'],
      ]) {
        const answer = await server.call(method, path(project, suffix), { key: who, body });
        expect(answer.status, `${method} ${suffix}`).toBe(404);
        expect(answer.body.error).toMatchObject({ type: 'not_found_error', param: 'projectId' });
      }
    }
  });
});

describe('determinism', () => {
  it('answers the same requests with the same bytes on two servers with one seed', async () => {
    const run = async () => {
      const own = await startTestServer({ seed: 99 });
      try {
        const projectId = await newProject(own);
        const topic = await own.call('POST', path(projectId, '/topics'), {
          key: own.demo.api_key,
          body: { name: 'T' },
        });
        await own.call('POST', path(projectId, '/prompts'), {
          key: own.demo.api_key,
          body: { topic_id: topic.body.id, text: 'Which café is best?' },
        });
        await own.advance(DAY);
        const responses = await own.call('GET', path(projectId, '/responses?limit=100'), {
          key: own.demo.api_key,
        });
        const score = await own.call('GET', path(projectId), { key: own.demo.api_key });
        const demo = await own.call('GET', path(own.demo.project_id, '/responses?limit=100'), {
          key: own.demo.api_key,
        });
        return [responses.text, score.text, demo.text];
      } finally {
        await own.close();
      }
    };
    const [first, second] = [await run(), await run()];
    expect(second).toEqual(first);
    expect(JSON.parse(first[0] ?? '').pagination.total).toBe(2 * AI_PLATFORMS.length);
  });
});

describe('ai_visibility.mention_detected', () => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"url":""}');
    });
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('delivers one signed event per answer that names the brand, through the outbox', async () => {
    const { port } = receiver.address() as AddressInfo;
    const projectId = await newProject(server, 'Northwind Coffee');
    await server.call('PUT', `/v1/projects/${projectId}`, {
      key,
      body: {
        webhook: { url: `http://127.0.0.1:${port}/hook`, secret: 'rq_whsec_ai' },
        brand_names: ['Northwind Coffee'],
      },
    });
    const topic = await createTopic(projectId, 'Beans');
    for (const text of ['Best beans for espresso?', 'Best beans for cold brew?', 'Best decaf beans?']) {
      await createPrompt(projectId, topic.id, text);
    }
    await server.advance(0);
    await server.advance(DAY);

    const all = listOf(AiVisibilityResponse).parse(
      (await server.call('GET', path(projectId, '/responses?limit=100'), { key })).body,
    );
    const mentioned = all.data.filter((response) => response.mentioned);
    expect(all.data).toHaveLength(2 * 3 * AI_PLATFORMS.length);
    expect(mentioned.length).toBeGreaterThan(0);
    expect(mentioned.length).toBeLessThan(all.data.length);

    const events = received.map((request) => {
      expect(request.headers['x-service-event']).toBe('ai_visibility.mention_detected');
      expect(request.headers['x-service-key']).toBe('rq_whsec_ai');
      expect(request.headers['webhook-signature']).toMatch(/^v1,/);
      return AiVisibilityMentionDetectedEvent.parse(JSON.parse(request.body));
    });
    expect(events.map((event) => event.response_id).sort()).toEqual(
      mentioned.map((response) => response.id).sort(),
    );
    for (const event of events) {
      const response = mentioned.find((candidate) => candidate.id === event.response_id);
      expect(event).toEqual({
        event: 'ai_visibility.mention_detected',
        project_id: projectId,
        response_id: response?.id,
        prompt_id: response?.prompt_id,
        platform: response?.platform,
        brand: 'Northwind Coffee',
        excerpt: response?.mentions[0]?.excerpt,
        cited_urls: response?.cited_urls,
        detected_at: response?.ran_at,
      });
    }
    const feed = listOf(ActivityEntry).parse(
      (await server.call('GET', `/v1/projects/${projectId}/activity?limit=100`, { key })).body,
    );
    const outcomes = feed.data.filter((entry) => entry.event === 'ai_visibility.mention_detected');
    expect(outcomes.filter((entry) => entry.type === 'ai_visibility.mention_detected')).toHaveLength(
      mentioned.length,
    );
    expect(outcomes.filter((entry) => entry.type === 'webhook.delivery_succeeded')).toHaveLength(
      mentioned.length,
    );
  });
});
