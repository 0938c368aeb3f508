import type { AiVisibilityCitedDomain } from '@rankquill/contract';
import { domainOf, isOnDomain } from './citation-extraction';

/**
 * Weights of the visibility score: how often answers name the brand, how early they do, and how
 * often they cite the project's site. They add up to 1.
 */
export const SCORE_WEIGHTS = { mention: 0.5, prominence: 0.3, citation: 0.2 } as const;

/** How many domains `citedDomains` keeps. */
export const CITED_DOMAINS_LIMIT = 10;

/** What the score reads of an answer. */
export interface ScoredAnswer {
  mentions: ReadonlyArray<{ position: number }>;
  cited_urls: readonly string[];
  project_citations: readonly string[];
}

/** The figures of a set of answers: the whole period, one platform or one day. */
export interface VisibilityMetrics {
  score: number;
  citation_score: number;
  mention_rate: number;
  average_position: number | null;
  counts: { responses: number; mentioned: number; cited: number; mentions: number };
}

/**
 * Scores a set of answers. For each answer: m = 1 when it names the brand, p = 1 / (sentence
 * number of its first mention) or 0, c = 1 when it cites the project's site. Over the n answers:
 *
 * - score = 100 × (0.5 × Σm + 0.3 × Σp + 0.2 × Σc) / n
 * - citation_score = 100 × Σc / n; mention_rate = 100 × Σm / n
 * - average_position = mean first-mention sentence number of the answers with m = 1
 *
 * each rounded half up to one decimal. No answers: every figure 0, average_position null.
 *
 * @example
 * ```ts
 * visibilityMetrics([
 *   { mentions: [{ position: 1 }], cited_urls: ['https://a.example/'], project_citations: ['https://a.example/'] },
 *   { mentions: [], cited_urls: [], project_citations: [] },
 * ]).score; // 100 × (0.5 × 1 + 0.3 × 1 + 0.2 × 1) / 2 = 50
 * ```
 */
export function visibilityMetrics(answers: readonly ScoredAnswer[]): VisibilityMetrics {
  let mentioned = 0;
  let cited = 0;
  let mentions = 0;
  let prominence = 0;
  let positions = 0;
  for (const answer of answers) {
    mentions += answer.mentions.length;
    if (answer.project_citations.length > 0) cited++;
    const first = firstPosition(answer);
    if (first === undefined) continue;
    mentioned++;
    positions += first;
    prominence += 1 / first;
  }
  const n = answers.length;
  if (n === 0) {
    return {
      score: 0,
      citation_score: 0,
      mention_rate: 0,
      average_position: null,
      counts: { responses: 0, mentioned: 0, cited: 0, mentions: 0 },
    };
  }
  const weighted =
    SCORE_WEIGHTS.mention * mentioned +
    SCORE_WEIGHTS.prominence * prominence +
    SCORE_WEIGHTS.citation * cited;
  return {
    score: oneDecimal((100 * weighted) / n),
    citation_score: oneDecimal((100 * cited) / n),
    mention_rate: oneDecimal((100 * mentioned) / n),
    average_position: mentioned === 0 ? null : oneDecimal(positions / mentioned),
    counts: { responses: n, mentioned, cited, mentions },
  };
}

/**
 * The domains the answers cite, by the number of answers citing each (an answer counts once per
 * domain), most cited first, then by name; `share` is that number over all answers, in percent.
 *
 * @example
 * ```ts
 * citedDomains([{ mentions: [], cited_urls: ['https://www.a.example/x'], project_citations: [] }], 'b.example');
 * // [{ domain: 'a.example', responses: 1, share: 100, is_project_domain: false }]
 * ```
 */
export function citedDomains(
  answers: readonly ScoredAnswer[],
  projectDomain: string,
  limit = CITED_DOMAINS_LIMIT,
): AiVisibilityCitedDomain[] {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const domains = new Set(answer.cited_urls.map(domainOf).filter((domain) => domain !== undefined));
    for (const domain of domains) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([domain, responses]) => ({
      domain,
      responses,
      share: oneDecimal((100 * responses) / answers.length),
      is_project_domain: isOnDomain(`https://${domain}/`, projectDomain),
    }));
}

/** Rounds half up to one decimal, after clearing floating-point noise (41.25 → 41.3, never 41.2). */
export function oneDecimal(value: number): number {
  return Math.round(Number((value * 10).toPrecision(12))) / 10;
}

function firstPosition(answer: ScoredAnswer): number | undefined {
  let first: number | undefined;
  for (const mention of answer.mentions) {
    if (first === undefined || mention.position < first) first = mention.position;
  }
  return first;
}
