import type { Random } from '../kernel/random';
import { DAY_MS, startOfUtcDate } from '../kernel/utc-day';
import type { RankingObservation, RankingProvider, RankingQuery } from './ranking-provider';
import { clickThroughRate } from './search-ctr';

/** Monthly volumes as keyword tools report them: rounded to these steps. */
const VOLUME_STEPS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900,
  2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500,
  60500, 74000, 90500, 110000,
] as const;

/** Where a site's keywords usually sit: share of keywords, and the range of their usual position. */
const POSITION_TIERS = [
  { share: 0.2, from: 2, to: 9 },
  { share: 0.35, from: 10, to: 30 },
  { share: 0.3, from: 30, to: 80 },
  // Around the edge of the top 100: these keywords enter and leave it as they drift.
  { share: 0.15, from: 85, to: 140 },
] as const;

/** Days between two drift knots; positions glide from one knot to the next. */
const KNOT_DAYS = 7;
/** Share of a month's searches made on one day. */
const DAYS_PER_MONTH = 30.4;
/** Derived figures kept in memory (volumes, site profiles, knots); forking a stream costs microseconds. */
const MEMO_LIMIT = 10_000;

/**
 * Deterministic, seeded rank checks. Every figure is drawn from a stream forked from the seed
 * for its own purpose (the keyword's volume, the site's profile on the keyword, a drift knot, a
 * day), so the same seed, domain, keyword and day give the same figures whatever else was
 * asked before, in any order.
 *
 * - Volume: fixed per keyword (seed and keyword text, case-insensitive), log-distributed from
 *   10 to 110,000 searches a month, lower for longer queries, rounded to keyword-tool steps.
 * - Position: each site and keyword has a usual position (a fifth on page one, some near the
 *   edge of the top 100) and a volatility; it drifts smoothly between weekly random knots,
 *   with a small daily jitter. Beyond 100 it is null (not ranked).
 * - Impressions: the day's searches (volume / 30.4, ±20%) times the share that sees the result
 *   at that position (all of page one, 12% of page two, then less).
 * - Clicks: impressions times the click-through rate of the position (`clickThroughRate`), ±25%.
 *
 * @example
 * ```ts
 * const provider = new SimulatedRankingProvider(new Random('42').fork('rankings'));
 * const day = await provider.check({ keyword: 'cold brew ratio', domain: 'example.com', language: 'en', date: '2026-01-01' });
 * console.log(day.volume, day.position, day.impressions, day.clicks);
 * ```
 */
export class SimulatedRankingProvider implements RankingProvider {
  // Pure functions of the seed and their key, so keeping them changes no figure.
  private readonly memo = new Map<string, number>();

  constructor(private readonly random: Random) {}

  async check(query: RankingQuery): Promise<RankingObservation> {
    return this.observe(query);
  }

  /**
   * The same as `check`, without the promise.
   * @example const { position } = provider.observe({ keyword: 'cold brew', domain: 'northwind-coffee.example', language: 'en', date: '2026-01-01' });
   */
  observe(query: RankingQuery): RankingObservation {
    const key = query.keyword.toLowerCase();
    const volume = this.volumeOf(key);
    const day = this.random.fork(`day:${query.domain}:${key}:${query.date}`);
    const jitter = (day.next() - 0.5) * 0.12;
    const position = this.positionOn(query.domain, key, query.date, jitter);
    const searches = (volume / DAYS_PER_MONTH) * (0.8 + 0.4 * day.next());
    const impressions = Math.round(searches * impressionShare(position));
    const clicks = Math.min(
      impressions,
      Math.round(impressions * clickThroughRate(position) * (0.75 + 0.5 * day.next())),
    );
    return { volume, position, impressions, clicks };
  }

  /**
   * Searches per month of a keyword (lower-cased): the same for every site and every day.
   * @example const searchesPerMonth = provider.volumeOf('cold brew');
   */
  volumeOf(key: string): number {
    return this.remember(`volume:${key}`, (stream) => {
      const words = key.split(' ').length;
      // Skewed towards the long tail; every word past the second divides the volume by about 2.
      const exponent = 1 + 4 * stream.next() ** 1.3 - 0.3 * Math.max(0, words - 2);
      return nearestVolumeStep(10 ** exponent);
    });
  }

  private positionOn(domain: string, key: string, date: string, jitter: number): number | null {
    const subject = `${domain}:${key}`;
    // Each site has a usual position on each keyword, and a volatility around it.
    const usual = this.remember(`usual:${subject}`, usualPosition);
    const volatility = this.remember(`volatility:${subject}`, (stream) => 0.12 + 0.28 * stream.next());
    const day = Math.floor(startOfUtcDate(date) / DAY_MS);
    const knot = Math.floor(day / KNOT_DAYS);
    const along = (day - knot * KNOT_DAYS) / KNOT_DAYS;
    const ease = (1 - Math.cos(Math.PI * along)) / 2;
    const drift = this.knot(subject, knot) * (1 - ease) + this.knot(subject, knot + 1) * ease;
    const position = Math.max(1, Math.round(usual * Math.exp(volatility * drift + jitter)));
    return position > 100 ? null : position;
  }

  /** A drift knot: roughly normal, mean 0, standard deviation 1. */
  private knot(subject: string, index: number): number {
    return this.remember(
      `knot:${subject}:${index}`,
      (stream) => (stream.next() + stream.next() + stream.next() - 1.5) * 2,
    );
  }

  /** The figure derived from the stream forked for `label`, computed once. */
  private remember(label: string, derive: (stream: Random) => number): number {
    let value = this.memo.get(label);
    if (value === undefined) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      value = derive(this.random.fork(label));
      this.memo.set(label, value);
    }
    return value;
  }
}

function usualPosition(profile: Random): number {
  let roll = profile.next();
  const pick = profile.next();
  for (const tier of POSITION_TIERS) {
    roll -= tier.share;
    if (roll < 0) return tier.from * (tier.to / tier.from) ** pick;
  }
  const last = POSITION_TIERS[POSITION_TIERS.length - 1] as (typeof POSITION_TIERS)[number];
  return last.from * (last.to / last.from) ** pick;
}

/** Share of the day's searchers who are shown the result at `position`. */
function impressionShare(position: number | null): number {
  if (position === null) return 0;
  if (position <= 10) return 1;
  if (position <= 20) return 0.12;
  if (position <= 30) return 0.04;
  return 0.01;
}

function nearestVolumeStep(raw: number): number {
  let best: number = VOLUME_STEPS[0];
  for (const step of VOLUME_STEPS) {
    if (Math.abs(Math.log(step / raw)) < Math.abs(Math.log(best / raw))) best = step;
  }
  return best;
}
