import { AI_PLATFORMS, AiVisibilityScore } from '@rankquill/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/test-server';
import {
  createPrompt,
  createTopic,
  DAY,
  key,
  newProject,
  path,
  server,
  useAiVisibilityServer,
} from './ai-visibility-server';

useAiVisibilityServer();

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
