import { describe, expect, it } from 'vitest';
import { Engine, type EngineOptions } from '../../../src/engine/engine';
import { type Clock, MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import type { JobRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { opportunityOf } from '../../../src/engine/keywords/opportunity-score';
import { MAX_CATCH_UP_DAYS, RANK_CHECK_JOB } from '../../../src/engine/keywords/rank-tracker';
import type {
  RankingObservation,
  RankingProvider,
  RankingQuery,
} from '../../../src/engine/keywords/ranking-provider';
import { createMemoryStore } from '../../../src/store/memory';
import type { Store } from '../../../src/store/store';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

async function open(options: Partial<EngineOptions> = {}) {
  const store = createMemoryStore(engineSchema);
  const clock = options.clock ?? new ManualClock(MANUAL_CLOCK_START);
  const engine = await Engine.open({ store, seed: 3, clock, demo: false, ...options });
  const created = await engine.accounts.create({ plan: 'agencies' });
  const account = await engine.accounts.authenticate(created.api_key);
  const project = await engine.projects.create(account, { name: 'Ranks', domain: 'ranks.example' });
  return { store, engine, account, project };
}

function rankJobs(store: Store): Promise<JobRecord[]> {
  return store.find<JobRecord>('jobs', { where: { kind: RANK_CHECK_JOB } });
}

/** A provider that answers from a function of the query and records every query. */
class ScriptedProvider implements RankingProvider {
  readonly queries: RankingQuery[] = [];
  constructor(private readonly answer: (query: RankingQuery) => RankingObservation) {}
  async check(query: RankingQuery): Promise<RankingObservation> {
    this.queries.push(query);
    return this.answer(query);
  }
}

describe('daily rank-check scheduling', () => {
  it('keeps one job per project, due at the next 00:00 UTC', async () => {
    const clock = new ManualClock(MANUAL_CLOCK_START + 10 * HOUR);
    const { store, engine, account, project } = await open({ clock });
    await engine.keywords.create(account, project.id, { keyword: 'first' });
    await engine.keywords.create(account, project.id, { keyword: 'second' });
    expect(await rankJobs(store)).toMatchObject([
      { subject_id: project.id, due_at: MANUAL_CLOCK_START + DAY },
    ]);

    await engine.advance(3 * 24 * 3600);
    expect(await rankJobs(store)).toMatchObject([
      { subject_id: project.id, due_at: MANUAL_CLOCK_START + 4 * DAY },
    ]);
    expect(await store.count('keyword_rankings', { project_id: project.id })).toBe(2 * 4);
  });

  it('deletes the keywords, their history and the job with the project', async () => {
    const errors: unknown[] = [];
    const { store, engine, account, project } = await open({ onJobError: (error) => errors.push(error) });
    const keep = await engine.projects.create(account, { name: 'Kept', domain: 'kept.example' });
    await engine.keywords.create(account, project.id, { keyword: 'doomed' });
    await engine.keywords.create(account, keep.id, { keyword: 'kept' });
    await engine.advance(2 * 24 * 3600);

    await engine.projects.delete(account, project.id);
    expect(await store.count('keywords', { project_id: project.id })).toBe(0);
    expect(await store.count('keyword_rankings', { project_id: project.id })).toBe(0);
    expect((await rankJobs(store)).map((job) => job.subject_id)).toEqual([keep.id]);
    await engine.advance(2 * 24 * 3600);
    expect(await store.count('keyword_rankings', { project_id: keep.id })).toBe(5);
    expect(errors).toEqual([]);
  });

  it('records the checks of a provider that answers, and reports one that fails without losing tomorrow', async () => {
    const errors: unknown[] = [];
    const provider = new ScriptedProvider((query) => {
      if (query.keyword === 'flaky' && query.date === '2026-01-02') throw new Error('provider timed out');
      return { volume: 1000, position: query.date === '2026-01-01' ? 8 : 5, impressions: 30, clicks: 3 };
    });
    const { engine, account, project } = await open({
      rankingProvider: provider,
      onJobError: (error) => errors.push(error),
    });
    const steady = await engine.keywords.create(account, project.id, { keyword: 'steady' });
    expect(steady).toMatchObject({
      volume: 1000,
      position: 8,
      impressions: 30,
      clicks: 3,
      opportunity_score: opportunityOf({ volume: 1000, position: 8, impressions: 30, clicks: 3 }).score,
    });
    const flaky = await engine.keywords.create(account, project.id, { keyword: 'flaky' });
    expect(provider.queries[0]).toEqual({
      keyword: 'steady',
      domain: 'ranks.example',
      language: 'en',
      date: '2026-01-01',
    });

    await engine.advance(2 * 24 * 3600);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain(`${flaky.id}: provider timed out`);
    const dates = async (id: string) =>
      (await engine.keywords.performance(account, project.id, id, {})).data.map((point) => point.date);
    expect(await dates(steady.id)).toEqual(['2026-01-03', '2026-01-02', '2026-01-01']);
    expect(await dates(flaky.id)).toEqual(['2026-01-03', '2026-01-01']);
    const [latest] = (await engine.keywords.performance(account, project.id, flaky.id, {})).data;
    // The change is measured from the check before, even with a day missing in between.
    expect(latest).toMatchObject({ date: '2026-01-03', position: 5, change: 3 });
  });

  it('on the real clock, catches up the days a stopped server missed, in order, at most 31 back', async () => {
    let now = MANUAL_CLOCK_START + 9 * HOUR;
    const clock: Clock = { now: () => now };
    const { engine, account, project } = await open({ clock });
    const keyword = await engine.keywords.create(account, project.id, { keyword: 'while you were away' });

    now += 3 * DAY;
    await engine.tick();
    const short = await engine.keywords.performance(account, project.id, keyword.id, { limit: 100 });
    expect(short.data.map((point) => point.date)).toEqual([
      '2026-01-04',
      '2026-01-03',
      '2026-01-02',
      '2026-01-01',
    ]);

    now += 60 * DAY;
    await engine.tick();
    const long = await engine.keywords.performance(account, project.id, keyword.id, { limit: 100 });
    const today = new Date(now).toISOString().slice(0, 10);
    expect(long.data[0]?.date).toBe(today);
    // The first overdue day, then the last 31 days and today.
    expect(long.pagination.total).toBe(4 + 1 + MAX_CATCH_UP_DAYS + 1);
    expect(long.data.at(-5)?.date).toBe('2026-01-05');
    const listed = (await engine.keywords.list(account, project.id, {})).data[0];
    expect(listed?.last_checked_at).toBe(`${today}T00:00:00.000Z`);
  });
});

describe('exportRows', () => {
  it('pages through every keyword, oldest first, with its latest figures, after checking the project', async () => {
    const { engine, account, project } = await open();
    const texts = ['one', 'two', 'three', 'four', 'five'];
    for (const keyword of texts) await engine.keywords.create(account, project.id, { keyword });
    await engine.advance(24 * 3600);

    const pages = await engine.keywords.exportRows(account, project.id, { pageSize: 2 });
    const seen: string[][] = [];
    for await (const page of pages) seen.push(page.map((row) => row.keyword));
    expect(seen).toEqual([['one', 'two'], ['three', 'four'], ['five']]);
    const listed = await engine.keywords.list(account, project.id, { limit: 100 });
    const firstPages = [];
    for await (const page of await engine.keywords.exportRows(account, project.id)) firstPages.push(page);
    const [firstPage] = firstPages;
    expect(firstPage).toEqual([...listed.data].reverse());

    const stranger = await engine.accounts.authenticate(
      (await engine.accounts.create({ plan: 'essential' })).api_key,
    );
    await expect(engine.keywords.exportRows(stranger, project.id)).rejects.toMatchObject({
      status: 404,
      param: 'projectId',
    });
  });
});

describe('reset and demo data', () => {
  it('restores the demo keywords with their history and forgets added ones', async () => {
    const store = createMemoryStore(engineSchema);
    const engine = await Engine.open({ store, seed: 5, clock: new ManualClock(MANUAL_CLOCK_START) });
    const account = await engine.accounts.authenticate(engine.demo.api_key);
    const projectId = engine.demo.project_id;
    const before = await engine.keywords.opportunities(account, projectId, { limit: 100 });
    expect(before.pagination.total).toBe(5);
    await engine.keywords.create(account, projectId, { keyword: 'added later' });
    await engine.advance(2 * 24 * 3600);

    await engine.reset();
    const after = await engine.keywords.opportunities(account, engine.demo.project_id, { limit: 100 });
    expect(after).toEqual(before);
    for (const item of after.data) {
      const history = await engine.keywords.performance(account, projectId, item.keyword_id, { limit: 100 });
      expect(history.pagination.total).toBe(28);
    }
    const jobs = await rankJobs(store);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(job.due_at).toBe(MANUAL_CLOCK_START + DAY);
  });
});
