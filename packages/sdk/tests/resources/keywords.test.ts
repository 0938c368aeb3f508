import { expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  type Keyword,
  type KeywordPerformancePoint,
  NotFoundError,
} from '../../src/index';
import { errorOf } from '../support/error-of';
import { describeEachTarget } from '../support/targets';

const DAY_SECONDS = 24 * 60 * 60;

describeEachTarget('keywords', (target) => {
  it('tracks a keyword, checks it at once and then every day', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const keyword = await client.keywords.create(projectId, { keyword: '  Moka   pot grind size ' });
    expect(keyword).toMatchObject({ project_id: projectId, keyword: 'Moka pot grind size', change: null });
    expect(keyword.id).toMatch(/^kw_/);
    expect(keyword.volume).toBeGreaterThan(0);

    await target().advance(3 * DAY_SECONDS);
    const days: KeywordPerformancePoint[] = [];
    for await (const day of client.keywords.performance(projectId, keyword.id, { limit: 2 })) days.push(day);
    expect(days.map((day) => day.date)).toEqual(['2026-01-04', '2026-01-03', '2026-01-02', '2026-01-01']);
    expect(days.at(-1)).toMatchObject({ position: keyword.position, change: null });

    const january = await client.keywords.performance(projectId, keyword.id, {
      from: '2026-01-02',
      to: '2026-01-03',
    });
    expect(january.data.map((day) => day.date)).toEqual(['2026-01-03', '2026-01-02']);
  });

  it('lists keywords newest first, one page or every keyword', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const added = await client.keywords.create(projectId, { keyword: 'ristretto' });
    const page = await client.keywords.list(projectId, { limit: 2 });
    expect(page.data[0]?.id).toBe(added.id);
    expect(page.pagination).toMatchObject({ limit: 2, count: 2, total: 6, has_more: true });

    const all: Keyword[] = [];
    for await (const keyword of client.keywords.list(projectId, { limit: 4 })) all.push(keyword);
    expect(all.map((keyword) => keyword.keyword).sort()).toEqual([
      'best coffee grinder',
      'cold brew ratio',
      'decaf process',
      'espresso crema',
      'pour over technique',
      'ristretto',
    ]);
  });

  it('ranks opportunities by score, highest first, with the factors of each score', async () => {
    const client = target().client();
    const { data } = await client.keywords.opportunities(target().demo.project_id, { limit: 100 });
    expect(data).toHaveLength(5);
    const scores = data.map((item) => item.opportunity_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const [top] = data;
    expect(top?.factors).toEqual({
      demand: expect.any(Number),
      reachability: expect.any(Number),
      click_gap: expect.any(Number),
    });
  });

  it('throws ConflictError for a keyword already tracked and BadRequestError for an empty one', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const duplicate = await client.keywords.create(projectId, { keyword: 'COLD BREW ratio' }).catch(errorOf);
    expect(duplicate).toBeInstanceOf(ConflictError);
    expect(duplicate).toMatchObject({ status: 409, param: 'keyword' });

    const empty = await client.keywords.create(projectId, { keyword: '   ' }).catch(errorOf);
    expect(empty).toBeInstanceOf(BadRequestError);
    expect(empty.param).toBe('keyword');

    const badRange = await client.keywords
      .performance(projectId, 'kw_unknown', { from: '2026-01-31', to: '2026-01-01' })
      .catch(errorOf);
    expect(badRange).toBeInstanceOf(BadRequestError);
    expect(badRange.param).toBe('from');
  });

  it("throws NotFoundError for an unknown keyword and for another account's project", async () => {
    const client = target().client();
    const missing = await client.keywords.performance(target().demo.project_id, 'kw_missing').catch(errorOf);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.param).toBe('keywordId');

    const stranger = target().client({ apiKey: await target().createAccount() });
    const hidden = await stranger.keywords.list(target().demo.project_id).catch(errorOf);
    expect(hidden).toBeInstanceOf(NotFoundError);
  });
});
