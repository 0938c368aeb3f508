import { AI_PLATFORMS, AiVisibilityMentionDetectedEvent, AiVisibilityScore } from '@rankquill/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnswerProvider, AnswerRequest } from '../../../src/engine/ai-visibility/answer-provider';
import { AI_VISIBILITY_DAILY_JOB, AI_VISIBILITY_FIRST_RUN_JOB } from '../../../src/engine/ai-visibility/runs';
import { Engine } from '../../../src/engine/engine';
import { type Clock, MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import type { AccountRecord, JobRecord, ProjectRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import type { WebhookHttpRequest } from '../../../src/engine/webhooks/request';
import type { WebhookAnswer, WebhookSender } from '../../../src/engine/webhooks/sender';
import { createMemoryStore } from '../../../src/store/memory';
import type { Store } from '../../../src/store/store';

const DAY = 24 * 60 * 60;

/** The worked example of docs/ai-visibility.md: one hand-written answer per platform. */
const WORKED_EXAMPLE: Record<string, string> = {
  chatgpt: '1. **Northwind Coffee**: great beans.\nSources: https://northwind-coffee.example/beans',
  perplexity:
    'Popular picks are Brightwater and Copperline. Many also like northwind coffee. Sources: https://www.brightwater.example/x',
  gemini: 'Try Brightwater. Learn more at https://blog.northwind-coffee.example/guide.',
  claude: 'It depends on your taste.',
  google_ai_overviews:
    'Popular options include Fieldstone and NORTHWIND CÖFFEE. See https://www.fieldstone.example/.',
};

class CannedProvider implements AnswerProvider {
  readonly asked: AnswerRequest[] = [];
  failOn: string | undefined;

  async answer(request: AnswerRequest) {
    this.asked.push(request);
    if (request.platform === this.failOn) throw new Error(`${request.platform} is down`);
    return { text: WORKED_EXAMPLE[request.platform] ?? '' };
  }
}

class RecordingSender implements WebhookSender {
  readonly sent: WebhookHttpRequest[] = [];
  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    this.sent.push(request);
    return { status: 200, body: '{"success":true,"url":""}', error: null };
  }
}

let store: Store;
let clock: ManualClock;
let provider: CannedProvider;
let sender: RecordingSender;
let jobErrors: unknown[];
let engine: Engine;
let account: AccountRecord;
let projectId: string;

async function open(engineClock: Clock = clock) {
  engine = await Engine.open({
    store,
    seed: 3,
    clock: engineClock,
    demo: false,
    answerProvider: provider,
    webhookSender: sender,
    onJobError: (error) => jobErrors.push(error),
  });
  const created = await engine.accounts.create({ plan: 'agencies' });
  account = await engine.accounts.authenticate(created.api_key);
  projectId = (
    await engine.projects.create(account, { name: 'Northwind Coffee', domain: 'northwind-coffee.example' })
  ).id;
}

beforeEach(async () => {
  store = createMemoryStore(engineSchema);
  clock = new ManualClock(MANUAL_CLOCK_START);
  provider = new CannedProvider();
  sender = new RecordingSender();
  jobErrors = [];
  await open();
});

/** Tracks a prompt in the project's topic "Home brewing", created on first use. */
async function trackPrompt(text = 'best coffee for cold brew') {
  const [existing] = (await engine.aiVisibility.listTopics(account, projectId, {})).data;
  const topic =
    existing ?? (await engine.aiVisibility.createTopic(account, projectId, { name: 'Home brewing' }));
  return engine.aiVisibility.createPrompt(account, projectId, { topic_id: topic.id, text });
}

async function responses(query: Record<string, string> = {}) {
  return engine.aiVisibility.listResponses(account, projectId, { limit: '100', ...query });
}

async function jobs(kind: string): Promise<JobRecord[]> {
  return store.find<JobRecord>('jobs', { where: { kind } });
}

describe('AI-visibility runs', () => {
  it('asks a new prompt on every platform for today before the next request, with what was found', async () => {
    const prompt = await trackPrompt();
    expect((await responses()).data).toEqual([]);
    await engine.tick();
    const page = await responses();
    expect(page.data.map((response) => response.platform).sort()).toEqual([...AI_PLATFORMS].sort());
    expect(provider.asked[0]).toMatchObject({
      promptId: prompt.id,
      prompt: 'best coffee for cold brew',
      topic: 'Home brewing',
      date: '2026-01-01',
      project: {
        name: 'Northwind Coffee',
        domain: 'northwind-coffee.example',
        brand_names: ['Northwind Coffee'],
      },
    });
    const google = page.data.find((response) => response.platform === 'google_ai_overviews');
    expect(google).toMatchObject({
      prompt_id: prompt.id,
      topic_id: prompt.topic_id,
      date: '2026-01-01',
      ran_at: '2026-01-01T00:00:00.000Z',
      mentioned: true,
      mentions: [
        {
          brand: 'Northwind Coffee',
          matched_text: 'NORTHWIND CÖFFEE',
          excerpt: 'Popular options include Fieldstone and NORTHWIND CÖFFEE.',
          position: 1,
          offset: 39,
        },
      ],
      cited_urls: ['https://www.fieldstone.example/'],
      project_citations: [],
    });
    expect(google?.id).toMatch(/^rsp_/);
  });

  it('scores the worked example of docs/ai-visibility.md exactly', async () => {
    await trackPrompt();
    await engine.tick();
    const score = AiVisibilityScore.parse(await engine.aiVisibility.retrieveScore(account, projectId, {}));
    expect(score).toMatchObject({
      project_id: projectId,
      period: { from: '2025-12-03', to: '2026-01-01', days: 30 },
      score: 53,
      citation_score: 40,
      mention_rate: 60,
      average_position: 1.3,
      counts: { responses: 5, mentioned: 3, cited: 2, mentions: 3 },
    });
    expect(
      score.platforms.map((platform) => [platform.platform, platform.score, platform.average_position]),
    ).toEqual([
      ['chatgpt', 100, 1],
      ['perplexity', 65, 2],
      ['gemini', 20, null],
      ['claude', 0, null],
      ['google_ai_overviews', 80, 1],
    ]);
    expect(
      score.cited_domains.map((domain) => [domain.domain, domain.share, domain.is_project_domain]),
    ).toEqual([
      ['blog.northwind-coffee.example', 20, true],
      ['brightwater.example', 20, false],
      ['fieldstone.example', 20, false],
      ['northwind-coffee.example', 20, true],
    ]);
    const days = await engine.aiVisibility.dailyScores(await project(), {
      from: '2025-12-31',
      to: '2026-01-02',
    });
    expect(days.map((day) => [day.date, day.score, day.counts.responses])).toEqual([
      ['2025-12-31', 0, 0],
      ['2026-01-01', 53, 5],
      ['2026-01-02', 0, 0],
    ]);
  });

  it('runs every prompt daily at 00:00 UTC, with one daily job per project', async () => {
    await trackPrompt('first prompt');
    await trackPrompt('second prompt');
    expect(await jobs(AI_VISIBILITY_DAILY_JOB)).toEqual([
      expect.objectContaining({ subject_id: projectId, due_at: Date.parse('2026-01-02T00:00:00Z') }),
    ]);
    await engine.advance(3 * DAY);
    const page = await responses();
    expect(page.pagination.total).toBe(4 * 2 * AI_PLATFORMS.length);
    const days = new Set(page.data.map((response) => `${response.date} ${response.ran_at}`));
    expect([...days].sort()).toEqual([
      '2026-01-01 2026-01-01T00:00:00.000Z',
      '2026-01-02 2026-01-02T00:00:00.000Z',
      '2026-01-03 2026-01-03T00:00:00.000Z',
      '2026-01-04 2026-01-04T00:00:00.000Z',
    ]);
    expect(await jobs(AI_VISIBILITY_DAILY_JOB)).toEqual([
      expect.objectContaining({ subject_id: projectId, due_at: Date.parse('2026-01-05T00:00:00Z') }),
    ]);
    expect(await jobs(AI_VISIBILITY_FIRST_RUN_JOB)).toEqual([]);
  });

  it('stores one answer per prompt, platform and day, however often a run repeats', async () => {
    const prompt = await trackPrompt();
    await engine.tick();
    expect(
      await engine.aiVisibility.runs.runPrompt(prompt.id, '2026-01-01', { at: clock.now(), emit: true }),
    ).toBe(0);
    expect((await responses()).pagination.total).toBe(AI_PLATFORMS.length);
    expect(provider.asked).toHaveLength(AI_PLATFORMS.length);
  });

  it('keeps the other platforms and the daily schedule when one platform fails', async () => {
    provider.failOn = 'gemini';
    await trackPrompt();
    await engine.advance(DAY);
    expect(jobErrors.map(String)).toEqual(['Error: gemini is down', 'Error: gemini is down']);
    const platforms = (await responses()).data.map((response) => response.platform);
    expect(platforms).toHaveLength(2 * (AI_PLATFORMS.length - 1));
    expect(platforms).not.toContain('gemini');
    expect(await jobs(AI_VISIBILITY_DAILY_JOB)).toHaveLength(1);
    // The next run fills in only what is missing for its own day.
    provider.failOn = undefined;
    await engine.advance(DAY);
    expect((await responses({ platform: 'gemini' })).data.map((response) => response.date)).toEqual([
      '2026-01-03',
    ]);
  });

  it('sends ai_visibility.mention_detected once for each answer that names the brand', async () => {
    await engine.projects.update(account, projectId, {
      webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_ai' },
    });
    const prompt = await trackPrompt();
    await engine.advance(0);
    const mentioned = (await responses()).data.filter((response) => response.mentioned);
    expect(mentioned.map((response) => response.platform).sort()).toEqual([
      'chatgpt',
      'google_ai_overviews',
      'perplexity',
    ]);
    expect(sender.sent.map((request) => request.headers['x-service-event'])).toEqual(
      mentioned.map(() => 'ai_visibility.mention_detected'),
    );
    const bodies = sender.sent.map((request) =>
      AiVisibilityMentionDetectedEvent.parse(JSON.parse(request.body)),
    );
    const chatgpt = mentioned.find((response) => response.platform === 'chatgpt');
    expect(bodies.find((body) => body.platform === 'chatgpt')).toEqual({
      event: 'ai_visibility.mention_detected',
      project_id: projectId,
      response_id: chatgpt?.id,
      prompt_id: prompt.id,
      platform: 'chatgpt',
      brand: 'Northwind Coffee',
      excerpt: '**Northwind Coffee**: great beans.',
      cited_urls: ['https://northwind-coffee.example/beans'],
      detected_at: '2026-01-01T00:00:00.000Z',
    });
    const feed = await engine.activity.list(account, projectId, { limit: '100' });
    const entries = feed.data.filter((entry) => entry.type === 'ai_visibility.mention_detected');
    expect(entries).toHaveLength(3);
    expect(entries.map((entry) => entry.message)).toContain(
      'ChatGPT mentioned "Northwind Coffee" answering "best coffee for cold brew".',
    );
    // The next day's answers are new mentions, with events of their own.
    await engine.advance(DAY);
    expect(sender.sent).toHaveLength(6);
  });

  it('removes topics, prompts, answers and scheduled runs with the project', async () => {
    const prompt = await trackPrompt();
    await engine.tick();
    await engine.projects.delete(account, projectId);
    for (const table of ['ai_topics', 'ai_prompts', 'ai_responses']) {
      expect(await store.count(table, { project_id: projectId }), table).toBe(0);
    }
    expect(await store.count('jobs', { subject_id: projectId })).toBe(0);
    expect(await store.count('jobs', { subject_id: prompt.id })).toBe(0);
    await engine.advance(2 * DAY);
    expect(jobErrors).toEqual([]);
  });

  it('catches up at most 30 days after the real clock jumps ahead', async () => {
    let now = MANUAL_CLOCK_START;
    store = createMemoryStore(engineSchema);
    await open({ now: () => now });
    await trackPrompt();
    now += 40 * DAY * 1000;
    await engine.tick();
    const dates = [
      ...new Set(
        (await engine.aiVisibility.dailyScores(await project(), { from: '2026-01-01', to: '2026-02-10' }))
          .filter((day) => day.counts.responses > 0)
          .map((day) => day.date),
      ),
    ];
    // The first run, the first missed day, then the 30 days up to today.
    expect(dates).toHaveLength(32);
    expect(dates.slice(0, 3)).toEqual(['2026-01-01', '2026-01-02', '2026-01-12']);
    expect(dates.at(-1)).toBe('2026-02-10');
    expect(await jobs(AI_VISIBILITY_DAILY_JOB)).toEqual([
      expect.objectContaining({ due_at: Date.parse('2026-02-11T00:00:00Z') }),
    ]);
  });
});

async function project(): Promise<ProjectRecord> {
  return engine.projects.owned(account, projectId);
}
