import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/engine/kernel/random';
import type { RankingObservation, RankingQuery } from '../../../src/engine/keywords/ranking-provider';
import { clickThroughRate } from '../../../src/engine/keywords/search-ctr';
import { SimulatedRankingProvider } from '../../../src/engine/keywords/simulated-ranking-provider';

const provider = (seed = '7') => new SimulatedRankingProvider(new Random(seed).fork('rankings'));

const KEYWORDS = Array.from({ length: 60 }, (_, index) =>
  index % 3 === 0
    ? `coffee topic ${index}`
    : index % 3 === 1
      ? `brew ${index}`
      : `how to make coffee ${index} at home`,
);
const DOMAIN = 'northwind-coffee.example';

/** `count` consecutive UTC days from 2026-01-01. */
function days(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
  );
}

function query(keyword: string, date: string, domain = DOMAIN): RankingQuery {
  return { keyword, domain, language: 'en', date };
}

describe('SimulatedRankingProvider determinism', () => {
  it('gives the same figures for one seed, keyword and day whatever the order of calls', async () => {
    const queries = KEYWORDS.slice(0, 12).flatMap((keyword) => days(20).map((date) => query(keyword, date)));
    const forward = provider();
    const inOrder = await Promise.all(queries.map((q) => forward.check(q)));
    const backward = provider();
    const reversed = [];
    for (const q of [...queries].reverse()) reversed.unshift(await backward.check(q));
    expect(reversed).toEqual(inOrder);
    // Each call on a fresh provider, so nothing learnt from earlier calls can help.
    for (const [index, q] of queries.entries()) {
      if (index % 17 === 0) expect(provider().observe(q)).toEqual(inOrder[index]);
    }
  });

  it('gives other figures for another seed', () => {
    const a = KEYWORDS.map((keyword) => provider('7').observe(query(keyword, '2026-01-10')));
    const b = KEYWORDS.map((keyword) => provider('8').observe(query(keyword, '2026-01-10')));
    expect(a).not.toEqual(b);
  });

  it('fixes the volume per keyword: every day, every site, whatever the case', () => {
    const simulation = provider();
    for (const keyword of KEYWORDS.slice(0, 10)) {
      const volumes = new Set(days(40).map((date) => simulation.observe(query(keyword, date)).volume));
      volumes.add(
        simulation.observe(query(keyword.toUpperCase(), '2026-03-01', 'other-site.example')).volume,
      );
      expect(volumes.size, keyword).toBe(1);
    }
  });
});

describe('SimulatedRankingProvider plausibility', () => {
  const simulation = provider();
  const histories = new Map<string, RankingObservation[]>(
    KEYWORDS.map((keyword) => [keyword, days(90).map((date) => simulation.observe(query(keyword, date)))]),
  );
  const all = [...histories.values()].flat();

  it('ranks in 1–100 or not at all, with impressions and clicks consistent with the position', () => {
    for (const day of all) {
      if (day.position === null) {
        expect(day).toMatchObject({ impressions: 0, clicks: 0 });
      } else {
        expect(Number.isInteger(day.position)).toBe(true);
        expect(day.position).toBeGreaterThanOrEqual(1);
        expect(day.position).toBeLessThanOrEqual(100);
      }
      expect(Number.isInteger(day.impressions) && Number.isInteger(day.clicks)).toBe(true);
      expect(day.clicks).toBeLessThanOrEqual(day.impressions);
      // At most the day's searches (volume / 30.4, +20%) see the result.
      expect(day.impressions).toBeLessThanOrEqual(Math.ceil((day.volume / 30.4) * 1.2));
    }
    const ctrOf = (from: number, to: number) => {
      const days = all.filter((day) => day.position !== null && day.position >= from && day.position <= to);
      const impressions = days.reduce((sum, day) => sum + day.impressions, 0);
      return days.reduce((sum, day) => sum + day.clicks, 0) / impressions;
    };
    // Aggregate click-through rates follow the curve: far better at the top of page one.
    expect(ctrOf(1, 3)).toBeGreaterThan(0.08);
    expect(ctrOf(1, 3)).toBeGreaterThan(3 * ctrOf(4, 10));
    expect(ctrOf(11, 100)).toBeLessThan(clickThroughRate(10));
  });

  it('spreads volumes over keyword-tool steps, lower for longer queries', () => {
    const volumes = KEYWORDS.map((keyword) => histories.get(keyword)?.[0]?.volume ?? 0);
    for (const volume of volumes) {
      expect(volume).toBeGreaterThanOrEqual(10);
      expect(volume).toBeLessThanOrEqual(110_000);
    }
    expect(new Set(volumes).size).toBeGreaterThan(15);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const short = volumes.filter((_, index) => index % 3 !== 2);
    const long = volumes.filter((_, index) => index % 3 === 2);
    expect(median(long)).toBeLessThan(median(short));
  });

  it('drifts day to day by small steps, with some keywords entering or leaving the top 100', () => {
    const steps: number[] = [];
    let crossings = 0;
    let unchanged = 0;
    for (const history of histories.values()) {
      for (let i = 1; i < history.length; i++) {
        const before = history[i - 1]?.position ?? null;
        const after = history[i]?.position ?? null;
        if ((before === null) !== (after === null)) crossings++;
        if (before !== null && after !== null) steps.push(Math.abs(after - before));
        if (before === after) unchanged++;
      }
    }
    steps.sort((a, b) => a - b);
    expect(steps[Math.floor(steps.length / 2)]).toBeLessThanOrEqual(2);
    expect(steps[Math.floor(steps.length * 0.95)]).toBeLessThanOrEqual(12);
    expect(crossings).toBeGreaterThan(0);
    expect(unchanged).toBeGreaterThan(0);
    // Over 90 days most keywords move by more than a jitter.
    const ranges = [...histories.values()].map((history) => {
      const positions = history.map((day) => day.position).filter((position) => position !== null);
      return positions.length === 0 ? 0 : Math.max(...positions) - Math.min(...positions);
    });
    expect(ranges.filter((range) => range >= 3).length).toBeGreaterThan(KEYWORDS.length / 2);
    // A mix of page one, further pages and not ranked.
    const latest = [...histories.values()].map((history) => history.at(-1)?.position ?? null);
    expect(latest.some((position) => position !== null && position <= 10)).toBe(true);
    expect(latest.some((position) => position !== null && position > 30)).toBe(true);
    expect(latest.some((position) => position === null)).toBe(true);
  });
});
