import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src/engine/ai-visibility/answer-analysis';
import { citedDomains, oneDecimal, visibilityMetrics } from '../../../src/engine/ai-visibility/score';

const PROJECT = {
  name: 'Northwind Coffee',
  domain: 'northwind-coffee.example',
  brand_names: ['Northwind Coffee'],
};

/** Hand-written answers, read by the real detection code. */
const ANSWERS = {
  // Mentioned in sentence 1 and cites the project: m = 1, p = 1, c = 1.
  listFirst: '1. **Northwind Coffee**: great beans.\nSources: https://northwind-coffee.example/beans',
  // Mentioned in sentence 2, cites another site: m = 1, p = 0.5, c = 0.
  secondSentence:
    'Popular picks are Brightwater and Copperline. Many also like northwind coffee. Sources: https://www.brightwater.example/x',
  // Not mentioned, but cites the project's blog: m = 0, p = 0, c = 1.
  citedOnly: 'Try Brightwater. Learn more at https://blog.northwind-coffee.example/guide.',
  // Nothing at all.
  nothing: 'It depends on your taste.',
};

const read = (text: string) => analyzeAnswer(text, PROJECT);

describe('visibilityMetrics', () => {
  it('scores hand-written answers exactly as docs/ai-visibility.md says', () => {
    const metrics = visibilityMetrics(Object.values(ANSWERS).map(read));
    // 100 × (0.5 × 2 + 0.3 × 1.5 + 0.2 × 2) / 4 = 46.25, rounded half up.
    expect(metrics).toEqual({
      score: 46.3,
      citation_score: 50,
      mention_rate: 50,
      average_position: 1.5,
      counts: { responses: 4, mentioned: 2, cited: 2, mentions: 2 },
    });
  });

  it('gives 100 to an answer that names the brand first and cites the site, 0 to one that does neither', () => {
    expect(visibilityMetrics([read(ANSWERS.listFirst)]).score).toBe(100);
    expect(visibilityMetrics([read(ANSWERS.nothing)])).toEqual({
      score: 0,
      citation_score: 0,
      mention_rate: 0,
      average_position: null,
      counts: { responses: 1, mentioned: 0, cited: 0, mentions: 0 },
    });
  });

  it('counts prominence from the first mention only, and every mention in counts', () => {
    const late = read(
      'Brightwater is fine. Copperline too. Then Northwind Coffee. And Northwind Coffee again.',
    );
    expect(late.mentions.map((mention) => mention.position)).toEqual([3, 4]);
    // 100 × (0.5 + 0.3 / 3) = 60
    expect(visibilityMetrics([late])).toMatchObject({
      score: 60,
      average_position: 3,
      counts: { mentions: 2 },
    });
  });

  it('defines the score of no answers: 0, with counts 0 and no average position', () => {
    expect(visibilityMetrics([])).toEqual({
      score: 0,
      citation_score: 0,
      mention_rate: 0,
      average_position: null,
      counts: { responses: 0, mentioned: 0, cited: 0, mentions: 0 },
    });
  });
});

describe('citedDomains', () => {
  it('counts answers per domain (www. folded), most cited first, then by name', () => {
    const answers = [
      ...Object.values(ANSWERS).map(read),
      read('See https://www.brightwater.example/a and https://brightwater.example/b.'),
    ];
    expect(citedDomains(answers, PROJECT.domain)).toEqual([
      { domain: 'brightwater.example', responses: 2, share: 40, is_project_domain: false },
      { domain: 'blog.northwind-coffee.example', responses: 1, share: 20, is_project_domain: true },
      { domain: 'northwind-coffee.example', responses: 1, share: 20, is_project_domain: true },
    ]);
    expect(citedDomains(answers, PROJECT.domain, 1)).toHaveLength(1);
    expect(citedDomains([], PROJECT.domain)).toEqual([]);
  });
});

describe('oneDecimal', () => {
  it('rounds half up without floating-point surprises', () => {
    expect(oneDecimal(46.25)).toBe(46.3);
    expect(oneDecimal((100 * 1.85) / 4)).toBe(46.3);
    expect(oneDecimal(100 / 3)).toBe(33.3);
    expect(oneDecimal(0.05)).toBe(0.1);
    expect(oneDecimal(2 / 3)).toBe(0.7);
  });
});
