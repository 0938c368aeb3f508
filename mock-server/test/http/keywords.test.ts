import {
  Keyword,
  KeywordOpportunity,
  KeywordPerformancePoint,
  KeywordRankingChangedEvent,
  listOf,
} from '@rankquill/contract';
import { type ReferenceReceiver, startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const DAY_SECONDS = 24 * 60 * 60;
const SECRET = 'rq_whsec_keywords_test';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.demo.api_key;
});
afterAll(() => server.close());

async function newProject(target: TestServer = server, apiKey = key): Promise<string> {
  const created = await target.call('POST', '/v1/projects', {
    key: apiKey,
    body: { name: 'Keyword Co', domain: 'keyword-co.example' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function track(projectId: string, keyword: string, target: TestServer = server, apiKey = key) {
  const created = await target.call('POST', `/v1/projects/${projectId}/keywords`, {
    key: apiKey,
    body: { keyword },
  });
  expect(created.status, created.text).toBe(201);
  return Keyword.parse(created.body);
}

async function performance(projectId: string, keywordId: string, query = '?limit=100') {
  const answer = await server.call(
    'GET',
    `/v1/projects/${projectId}/keywords/${keywordId}/performance${query}`,
    {
      key,
    },
  );
  expect(answer.status, answer.text).toBe(200);
  return listOf(KeywordPerformancePoint).parse(answer.body);
}

describe('POST /v1/projects/:id/keywords', () => {
  it('answers 201 with the keyword and the figures of its first check, made at once', async () => {
    const projectId = await newProject();
    const clock = await server.call('GET', '/__admin/clock');
    const created = await server.call('POST', `/v1/projects/${projectId}/keywords`, {
      key,
      body: { keyword: '  Cold \t brew\n  ratio ' },
    });
    expect(created.status).toBe(201);
    const keyword = Keyword.parse(created.body);
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(Keyword.shape).sort());
    expect(keyword).toMatchObject({
      project_id: projectId,
      keyword: 'Cold brew ratio',
      previous_position: null,
      change: null,
      created_at: clock.body.now,
      last_checked_at: clock.body.now,
    });
    expect(keyword.id).toMatch(/^kw_[0-9a-z]{13}$/);
    expect(keyword.volume).toBeGreaterThanOrEqual(10);
    expect(keyword.clicks).toBeLessThanOrEqual(keyword.impressions);
    expect(keyword.opportunity_score).toBeGreaterThanOrEqual(0);
    expect(keyword.opportunity_score).toBeLessThanOrEqual(100);

    const history = await performance(projectId, keyword.id);
    expect(history.data).toEqual([
      {
        date: clock.body.now.slice(0, 10),
        position: keyword.position,
        change: null,
        impressions: keyword.impressions,
        clicks: keyword.clicks,
      },
    ]);
  });

  it.each([
    [{ keyword: '' }, 'keyword', '`keyword` must not be empty.'],
    [{ keyword: ' \t\n ' }, 'keyword', '`keyword` must not be empty.'],
    [{ keyword: 'k'.repeat(201) }, 'keyword', '`keyword` must be at most 200 characters.'],
    [{ keyword: 42 }, 'keyword', '`keyword` must be a string.'],
    [{}, 'keyword', '`keyword` is required.'],
    [{ keyword: 'x', volume: 10 }, 'volume', 'Unknown field `volume`; allowed fields are: keyword.'],
  ])('answers 400 naming the field for %j', async (body, param, message) => {
    const projectId = await newProject();
    const answer = await server.call('POST', `/v1/projects/${projectId}/keywords`, { key, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param, message });
    const list = await server.call('GET', `/v1/projects/${projectId}/keywords`, { key });
    expect(list.body.pagination.total).toBe(0);
  });

  it('takes at most 200 characters as sent (what the OpenAPI document can say), then collapses them', async () => {
    const projectId = await newProject();
    const keyword = await track(projectId, `  ${'k'.repeat(100)}    ${'w'.repeat(92)}  `);
    expect(keyword.keyword).toBe(`${'k'.repeat(100)} ${'w'.repeat(92)}`);
    const tooLong = await server.call('POST', `/v1/projects/${projectId}/keywords`, {
      key,
      body: { keyword: ` ${'k'.repeat(199)} ` },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.param).toBe('keyword');
  });

  it('answers 409 for a keyword the project already tracks, ignoring case and spacing', async () => {
    const projectId = await newProject();
    const first = await track(projectId, 'pour over technique');
    const again = await server.call('POST', `/v1/projects/${projectId}/keywords`, {
      key,
      body: { keyword: ' Pour   OVER technique ' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ type: 'conflict_error', param: 'keyword' });
    expect(again.body.error.message).toContain(first.id);
    expect(again.body.error.message).toContain('"pour over technique"');
    // Another project may track the same keyword.
    await track(await newProject(), 'pour over technique');
  });

  it("answers 404 for another account's project, and for a keyword of another project", async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const otherProject = await newProject(server, other.body.api_key);
    const otherKeyword = await track(otherProject, 'secret keyword', server, other.body.api_key);

    const create = await server.call('POST', `/v1/projects/${otherProject}/keywords`, {
      key,
      body: { keyword: 'mine now' },
    });
    expect(create.status).toBe(404);
    expect(create.body.error).toMatchObject({ type: 'not_found_error', param: 'projectId' });
    for (const path of ['', '/opportunities', `/${otherKeyword.id}/performance`]) {
      const answer = await server.call('GET', `/v1/projects/${otherProject}/keywords${path}`, { key });
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain('secret keyword');
    }

    const mine = await newProject();
    const crossed = await server.call('GET', `/v1/projects/${mine}/keywords/${otherKeyword.id}/performance`, {
      key,
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.param).toBe('keywordId');
    expect(crossed.body.error.message).toContain(`GET /v1/projects/${mine}/keywords`);
  });
});

describe('GET /v1/projects/:id/keywords', () => {
  it('lists newest first in pages of the standard shape', async () => {
    const projectId = await newProject();
    const tracked = [];
    for (const text of ['moka pot', 'french press', 'siphon coffee', 'turkish coffee', 'cold drip']) {
      tracked.push(await track(projectId, text));
    }
    const first = await server.call('GET', `/v1/projects/${projectId}/keywords?limit=2`, { key });
    expect(first.status).toBe(200);
    const page = listOf(Keyword).parse(first.body);
    expect(page.data.map((keyword) => keyword.keyword)).toEqual(['cold drip', 'turkish coffee']);
    expect(page.pagination).toEqual({ limit: 2, offset: 0, count: 2, total: 5, has_more: true });

    const last = await server.call('GET', `/v1/projects/${projectId}/keywords?limit=2&offset=4`, { key });
    expect(last.body.data.map((keyword: Keyword) => keyword.id)).toEqual([tracked[0]?.id]);
    expect(last.body.pagination).toEqual({ limit: 2, offset: 4, count: 1, total: 5, has_more: false });

    const bad = await server.call('GET', `/v1/projects/${projectId}/keywords?limit=101`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      param: 'limit',
      message: '`limit` must be an integer from 1 to 100.',
    });
  });

  it("tracks the demo projects' keywords with 28 days of history", async () => {
    const projectId = server.demo.project_id;
    const list = listOf(Keyword).parse(
      (await server.call('GET', `/v1/projects/${projectId}/keywords?limit=100`, { key })).body,
    );
    expect(list.data.map((keyword) => keyword.keyword).sort()).toEqual([
      'best coffee grinder',
      'cold brew ratio',
      'decaf process',
      'espresso crema',
      'pour over technique',
    ]);
    const clock = await server.call('GET', '/__admin/clock');
    const daysSinceStart = Math.floor(
      (Date.parse(clock.body.now) - Date.UTC(2026, 0, 1)) / (DAY_SECONDS * 1000),
    );
    for (const keyword of list.data) {
      const history = await performance(projectId, keyword.id, '?limit=100');
      expect(history.pagination.total).toBe(28 + daysSinceStart);
      // Back-dated: added 27 days before the server's clock started, one check a day since.
      expect(history.data.at(-1)?.date).toBe('2025-12-05');
      expect(keyword.created_at).toBe('2025-12-05T00:00:00.000Z');
    }
  });
});

describe('GET /v1/projects/:id/keywords/opportunities', () => {
  it('ranks every keyword by opportunity score, highest first, with the inputs and factors', async () => {
    const projectId = await newProject();
    const texts = [
      'espresso tamping',
      'grind size chart',
      'best decaf beans',
      'latte art',
      'chai latte recipe',
    ];
    for (const text of texts) await track(projectId, text);
    const answer = await server.call('GET', `/v1/projects/${projectId}/keywords/opportunities?limit=100`, {
      key,
    });
    expect(answer.status).toBe(200);
    const { data, pagination } = listOf(KeywordOpportunity).parse(answer.body);
    expect(pagination.total).toBe(texts.length);
    expect(data.map((item) => item.keyword).sort()).toEqual([...texts].sort());
    const scores = data.map((item) => item.opportunity_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const item of data) {
      const { demand, reachability, click_gap } = item.factors;
      expect(item.opportunity_score).toBeCloseTo(100 * demand * reachability * click_gap, 0);
    }
    // The list's scores are the same figures.
    const list = listOf(Keyword).parse(
      (await server.call('GET', `/v1/projects/${projectId}/keywords?limit=100`, { key })).body,
    );
    for (const item of data) {
      expect(list.data.find((keyword) => keyword.id === item.keyword_id)).toMatchObject({
        opportunity_score: item.opportunity_score,
        volume: item.volume,
        position: item.position,
        impressions: item.impressions,
        clicks: item.clicks,
      });
    }

    const paged = await server.call(
      'GET',
      `/v1/projects/${projectId}/keywords/opportunities?limit=2&offset=2`,
      {
        key,
      },
    );
    expect(paged.body.data.map((item: KeywordOpportunity) => item.keyword_id)).toEqual(
      data.slice(2, 4).map((item) => item.keyword_id),
    );
  });
});

describe('daily rank checks', () => {
  it('adds one point a day at 00:00 UTC: N days later a new keyword has N + 1 points', async () => {
    const projectId = await newProject();
    const keyword = await track(projectId, 'v60 recipe');
    const days = 30;
    await server.advance(days * DAY_SECONDS);
    const history = await performance(projectId, keyword.id);
    expect(history.pagination.total).toBe(days + 1);
    const dates = history.data.map((point) => point.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (let i = 1; i < dates.length; i++) {
      expect(Date.parse(dates[i - 1] ?? '') - Date.parse(dates[i] ?? '')).toBe(DAY_SECONDS * 1000);
    }
    expect(dates.at(-1)).toBe(keyword.last_checked_at.slice(0, 10));
    // Each change is the position before it minus the position after it.
    const oldestFirst = [...history.data].reverse();
    for (let i = 1; i < oldestFirst.length; i++) {
      const before = oldestFirst[i - 1]?.position ?? null;
      const after = oldestFirst[i]?.position ?? null;
      expect(oldestFirst[i]?.change).toBe(before === null || after === null ? null : before - after);
    }
    for (const point of history.data) expect(point.clicks).toBeLessThanOrEqual(point.impressions);

    const latest = Keyword.parse(
      (await server.call('GET', `/v1/projects/${projectId}/keywords`, { key })).body.data[0],
    );
    expect(latest).toMatchObject({
      id: keyword.id,
      position: history.data[0]?.position,
      previous_position: history.data[1]?.position,
      change: history.data[0]?.change,
      impressions: history.data[0]?.impressions,
      clicks: history.data[0]?.clicks,
      volume: keyword.volume,
    });
    expect(latest.last_checked_at).toBe(`${history.data[0]?.date}T00:00:00.000Z`);
  });

  it('filters the history with from and to, both included, and pages it', async () => {
    const projectId = await newProject();
    const keyword = await track(projectId, 'aeropress inverted');
    await server.advance(10 * DAY_SECONDS);
    const all = await performance(projectId, keyword.id);
    const [newest, , , third] = all.data.map((point) => point.date);
    const oldest = all.data.at(-1)?.date;
    const window = await performance(projectId, keyword.id, `?from=${third}&to=${newest}`);
    expect(window.data.map((point) => point.date)).toEqual(all.data.slice(0, 4).map((point) => point.date));
    const since = await performance(projectId, keyword.id, `?from=${oldest}&limit=3&offset=9`);
    expect(since.pagination).toEqual({ limit: 3, offset: 9, count: 2, total: 11, has_more: false });
    const until = await performance(projectId, keyword.id, `?to=${oldest}`);
    expect(until.data).toEqual([all.data.at(-1)]);
  });

  it.each([
    ['?from=2026-13-01', 'from', /`from` must be a real calendar date in YYYY-MM-DD form/],
    ['?to=2026-02-30', 'to', /`to` must be a real calendar date/],
    ['?from=yesterday', 'from', /YYYY-MM-DD/],
    ['?from=2026-02-01&to=2026-01-01', 'from', /`from` \(2026-02-01\) is after `to` \(2026-01-01\)/],
    ['?limit=0', 'limit', /from 1 to 100/],
  ])('answers 400 for performance%s', async (query, param, message) => {
    const projectId = await newProject();
    const keyword = await track(projectId, 'clever dripper');
    const answer = await server.call(
      'GET',
      `/v1/projects/${projectId}/keywords/${keyword.id}/performance${query}`,
      {
        key,
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe(param);
    expect(answer.body.error.message).toMatch(message);
  });
});

describe('keyword.ranking_changed', () => {
  let receiver: ReferenceReceiver;
  const received: Array<{ event: KeywordRankingChangedEvent; at: number }> = [];

  beforeAll(async () => {
    receiver = await startReferenceReceiver({
      secret: SECRET,
      // The receiver checks signatures against the server's manual clock.
      now: () => server.engine.now(),
      on: {
        'keyword.ranking_changed': (event) => {
          received.push({ event: KeywordRankingChangedEvent.parse(event), at: server.engine.now() });
        },
      },
    });
  });
  afterAll(() => receiver.close());

  it('is delivered through the outbox for every check that moved the keyword, and only then', async () => {
    const projectId = await newProject();
    await server.call('PUT', `/v1/projects/${projectId}`, {
      key,
      body: { webhook: { url: `${receiver.url}/webhook`, secret: SECRET } },
    });
    const texts = ['pour over kettle', 'burr grinder', 'coffee scale', 'water temperature'];
    const keywords = [];
    for (const text of texts) keywords.push(await track(projectId, text));
    await server.advance(20 * DAY_SECONDS);

    const expected = [];
    for (const keyword of keywords) {
      const oldestFirst = [...(await performance(projectId, keyword.id)).data].reverse();
      for (let i = 1; i < oldestFirst.length; i++) {
        const before = oldestFirst[i - 1]?.position ?? null;
        const point = oldestFirst[i];
        if (!point || point.position === before) continue;
        expected.push({
          event: 'keyword.ranking_changed',
          project_id: projectId,
          keyword_id: keyword.id,
          keyword: keyword.keyword,
          previous_position: before,
          position: point.position,
          change: point.change,
          checked_at: `${point.date}T00:00:00.000Z`,
        });
      }
    }
    expect(expected.length).toBeGreaterThan(0);
    const ours = received.filter(({ event }) => event.project_id === projectId);
    const byTime = (
      a: { checked_at: string; keyword_id: string },
      b: { checked_at: string; keyword_id: string },
    ) => a.checked_at.localeCompare(b.checked_at) || a.keyword_id.localeCompare(b.keyword_id);
    expect(ours.map(({ event }) => event).sort(byTime)).toEqual(expected.sort(byTime));
    // Delivered when the check ran, in time order.
    for (const { event, at } of ours) expect(at).toBe(Date.parse(event.checked_at));

    const entries: Array<{ type: string; event: string }> = [];
    for (let offset = 0; ; offset += 100) {
      const page = await server.call('GET', `/v1/projects/${projectId}/activity?limit=100&offset=${offset}`, {
        key,
      });
      entries.push(...page.body.data);
      if (!page.body.pagination.has_more) break;
    }
    const count = (type: string) =>
      entries.filter((entry) => entry.type === type && entry.event === 'keyword.ranking_changed').length;
    expect(count('keyword.ranking_changed')).toBe(expected.length);
    expect(count('webhook.delivery_succeeded')).toBe(expected.length);
  });
});

describe('determinism', () => {
  it('gives byte-identical answers on two servers started with the same seed', async () => {
    const run = async () => {
      const target = await startTestServer({ seed: 'keywords' });
      try {
        const apiKey = target.demo.api_key;
        const projectId = await newProject(target, apiKey);
        const texts = ['espresso dial in', 'Milk Steaming', 'cafe au lait vs latte'];
        const ids = [];
        for (const text of texts) ids.push((await track(projectId, text, target, apiKey)).id);
        await target.advance(9 * DAY_SECONDS + 3600);
        const paths = [
          `/v1/projects/${projectId}/keywords?limit=100`,
          `/v1/projects/${projectId}/keywords/opportunities?limit=100`,
          ...ids.map((id) => `/v1/projects/${projectId}/keywords/${id}/performance?limit=100`),
          `/v1/projects/${target.demo.project_id}/keywords/opportunities?limit=100`,
        ];
        const answers = [];
        for (const path of paths) answers.push((await target.call('GET', path, { key: apiKey })).text);
        return answers;
      } finally {
        await target.close();
      }
    };
    const [first, second] = [await run(), await run()];
    expect(first).toEqual(second);
    expect(first[0]).toContain('"keyword":"Milk Steaming"');
  });
});
