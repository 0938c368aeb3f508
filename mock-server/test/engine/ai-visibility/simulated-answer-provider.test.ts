import { AI_PLATFORMS } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src/engine/ai-visibility/answer-analysis';
import type { AnswerRequest } from '../../../src/engine/ai-visibility/answer-provider';
import { SimulatedAnswerProvider } from '../../../src/engine/ai-visibility/simulated-answer-provider';
import { DEMO_HISTORY_DAYS } from '../../../src/engine/demo-data-ai-visibility';
import { Engine } from '../../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import { Random } from '../../../src/engine/kernel/random';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';

const PROJECT = {
  name: 'Northwind Coffee',
  domain: 'northwind-coffee.example',
  brand_names: ['Northwind Coffee'],
  language: 'en',
};

function request(promptId: string, platform: string, date: string): AnswerRequest {
  return {
    promptId,
    prompt: 'What is the best coffee for cold brew?',
    topic: 'Home brewing',
    platform,
    date,
    project: PROJECT,
  };
}

const dates = Array.from({ length: 20 }, (_, day) =>
  new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
);

describe('SimulatedAnswerProvider', () => {
  it('answers the same prompt, platform and day with the same text, whatever was asked before', () => {
    const first = new SimulatedAnswerProvider(new Random('9').fork('ai-answers'));
    const second = new SimulatedAnswerProvider(new Random('9').fork('ai-answers'));
    const forward = dates.map((date) => first.write(request('prm_a', 'perplexity', date)));
    const backward = [...dates].reverse().map((date) => second.write(request('prm_a', 'perplexity', date)));
    expect(backward.reverse()).toEqual(forward);
    expect(new Set(forward).size).toBe(dates.length);
    // Another seed, prompt or platform gives another answer.
    const other = new SimulatedAnswerProvider(new Random('10').fork('ai-answers'));
    expect(other.write(request('prm_a', 'perplexity', dates[0] ?? ''))).not.toBe(forward[0]);
    expect(first.write(request('prm_b', 'perplexity', dates[0] ?? ''))).not.toBe(forward[0]);
    expect(first.write(request('prm_a', 'claude', dates[0] ?? ''))).not.toBe(forward[0]);
  });

  it('writes plausible answers that sometimes name the brand, in other spellings too, and cite its site', () => {
    const provider = new SimulatedAnswerProvider(new Random('9').fork('ai-answers'));
    const analyses = AI_PLATFORMS.flatMap((platform) =>
      ['prm_a', 'prm_b', 'prm_c'].flatMap((promptId) =>
        dates.map((date) => {
          const text = provider.write(request(promptId, platform, date));
          expect(text.length).toBeGreaterThan(100);
          expect(text).not.toMatch(/\{\w+\}|undefined|NaN/);
          return { platform, text, ...analyzeAnswer(text, PROJECT) };
        }),
      ),
    );
    const share = (items: readonly unknown[]) => items.length / analyses.length;
    expect(share(analyses.filter((answer) => answer.mentioned))).toBeGreaterThan(0.25);
    expect(share(analyses.filter((answer) => answer.mentioned))).toBeLessThan(0.75);
    const spellings = new Set(
      analyses.flatMap((answer) => answer.mentions.map((mention) => mention.matched_text)),
    );
    expect(spellings).toContain('Northwind Coffee');
    expect(spellings).toContain('northwind coffee');
    expect(spellings).toContain('NORTHWIND COFFEE');
    expect([...spellings].some((spelling) => /[óöéáíü]/i.test(spelling))).toBe(true);
    const projectHosts = new Set(
      analyses.flatMap((answer) => answer.project_citations.map((url) => new URL(url).hostname)),
    );
    expect(projectHosts).toEqual(
      new Set(['northwind-coffee.example', 'www.northwind-coffee.example', 'blog.northwind-coffee.example']),
    );
    // Other sites are cited too, and some answers cite nothing at all.
    expect(analyses.some((answer) => answer.cited_urls.length > answer.project_citations.length)).toBe(true);
    expect(analyses.some((answer) => answer.cited_urls.length === 0)).toBe(true);
    // Platforms differ: Perplexity cites in nearly every answer, Claude in few.
    const citing = (platform: string) =>
      analyses.filter((answer) => answer.platform === platform && answer.cited_urls.length > 0).length;
    expect(citing('perplexity')).toBeGreaterThan(citing('claude'));
  });

  it('leaves out the competitors that would read as one of the brand names', () => {
    const provider = new SimulatedAnswerProvider(new Random('1'));
    const project = { ...PROJECT, brand_names: ['Ridgeway', 'Oak'] };
    const texts = dates.map((date) => provider.write({ ...request('prm_x', 'chatgpt', date), project }));
    for (const text of texts) expect(text).not.toContain('Oak & Ember');
    // With a brand that shares no word with them, the same competitors do appear.
    const plain = dates.map((date) => provider.write(request('prm_x', 'chatgpt', date)));
    expect(plain.some((text) => text.includes('Oak & Ember'))).toBe(true);
  });
});

describe('AI-visibility demo data', () => {
  it('seeds two topics of two prompts per demo project with 7 days of answers, the same for one seed', async () => {
    const open = async () => {
      const engine = await Engine.open({
        store: createMemoryStore(engineSchema),
        seed: 21,
        clock: new ManualClock(MANUAL_CLOCK_START),
      });
      const account = await engine.accounts.authenticate(engine.demo.api_key);
      return { engine, account };
    };
    const { engine, account } = await open();
    const projectId = engine.demo.project_id;
    const topics = await engine.aiVisibility.listTopics(account, projectId, {});
    expect(topics.data.map((topic) => [topic.name, topic.prompt_count])).toEqual([
      ['Coffee beans', 2],
      ['Home brewing', 2],
    ]);
    const responses = await engine.aiVisibility.listResponses(account, projectId, { limit: '100' });
    expect(responses.pagination.total).toBe(DEMO_HISTORY_DAYS * 4 * AI_PLATFORMS.length);
    expect(responses.data[0]?.date).toBe('2026-01-01');
    const oldest = await engine.aiVisibility.listResponses(account, projectId, { to: '2025-12-26' });
    expect(oldest.data.every((response) => response.date === '2025-12-26')).toBe(true);
    expect(oldest.pagination.total).toBe(4 * AI_PLATFORMS.length);
    const score = await engine.aiVisibility.retrieveScore(account, projectId, {});
    expect(score.score).toBeGreaterThan(0);
    expect(score.counts.responses).toBe(DEMO_HISTORY_DAYS * 4 * AI_PLATFORMS.length);
    // The history is the past: it sent no events.
    const feed = await engine.activity.list(account, projectId, { limit: '100' });
    expect(feed.data.filter((entry) => entry.type.startsWith('ai_visibility.'))).toEqual([]);

    const again = await open();
    expect(
      await again.engine.aiVisibility.retrieveScore(again.account, again.engine.demo.project_id, {}),
    ).toEqual(score);
    expect(
      await again.engine.aiVisibility.listResponses(again.account, again.engine.demo.project_id, {
        limit: '100',
      }),
    ).toEqual(responses);
  });
});
