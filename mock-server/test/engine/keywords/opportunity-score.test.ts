import { describe, expect, it } from 'vitest';
import { opportunityOf } from '../../../src/engine/keywords/opportunity-score';
import { clickThroughRate, TOP_POSITION_CTR } from '../../../src/engine/keywords/search-ctr';

describe('opportunityOf', () => {
  it('computes the worked example of docs/keywords.md', () => {
    expect(opportunityOf({ volume: 2400, position: 12, impressions: 40, clicks: 1 })).toEqual({
      score: 49.2,
      factors: { demand: 0.6761, reachability: 0.8, click_gap: 0.9101 },
    });
  });

  it.each([
    // volume, position, impressions, clicks, score
    [100_000, 4, 0, 0, 100],
    [1_000_000, 1, 100, 0, 100],
    [0, 5, 0, 0, 0],
    [9, 4, 0, 0, 20],
    [9, 5, 0, 0, 19.5],
    [999, 24, 10, 0, 30],
    [999, 44, 10, 0, 6],
    [999, 100, 0, 0, 6],
    [999, null, 0, 0, 3],
  ])(
    'scores volume %d at position %s with %d impressions and %d clicks as %d',
    (volume, position, impressions, clicks, score) => {
      expect(opportunityOf({ volume, position, impressions, clicks }).score).toBe(score);
    },
  );

  it('gives nothing to win when clicks already match position 1, even above it', () => {
    const winning = { volume: 5000, position: 1, impressions: 1000 };
    expect(opportunityOf({ ...winning, clicks: Math.round(1000 * TOP_POSITION_CTR) }).factors.click_gap).toBe(
      0,
    );
    expect(opportunityOf({ ...winning, clicks: 600 })).toMatchObject({ score: 0, factors: { click_gap: 0 } });
  });

  it('falls as the position worsens and as clicks are won', () => {
    const scores = [3, 10, 20, 30, 40].map(
      (position) => opportunityOf({ volume: 5000, position, impressions: 100, clicks: 0 }).score,
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(scores).size).toBe(scores.length);
    const more = opportunityOf({ volume: 5000, position: 3, impressions: 100, clicks: 10 }).score;
    expect(more).toBeLessThan(scores[0] ?? 0);
  });

  it('stays within 0–100 with one decimal', () => {
    for (const volume of [0, 10, 480, 12_100, 110_000]) {
      for (const position of [null, 1, 2, 9, 11, 35, 99]) {
        for (const impressions of [0, 1, 37, 2000]) {
          const clicks = Math.round(impressions * clickThroughRate(position) * 1.2);
          const { score } = opportunityOf({ volume, position, impressions, clicks });
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
          expect(Math.round(score * 10) / 10).toBe(score);
        }
      }
    }
  });
});
