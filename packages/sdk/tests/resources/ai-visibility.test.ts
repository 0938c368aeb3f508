import { AI_PLATFORMS } from '@rankquill/contract';
import { expect, it } from 'vitest';
import {
  type AiVisibilityResponse,
  BadRequestError,
  ConflictError,
  NotFoundError,
  type Rankquill,
} from '../../src/index';
import { errorOf } from '../support/error-of';
import { describeEachTarget } from '../support/targets';

const DAY = 24 * 60 * 60;

async function newProject(client: Rankquill) {
  return client.projects.create({ name: 'Northwind Coffee', domain: 'northwind-coffee.example' });
}

describeEachTarget('aiVisibility', (target) => {
  it('creates and lists topics and prompts', async () => {
    const client = target().client();
    const project = await newProject(client);
    const topic = await client.aiVisibility.topics.create(project.id, { name: 'Home brewing' });
    expect(topic).toMatchObject({ project_id: project.id, name: 'Home brewing', prompt_count: 0 });
    const other = await client.aiVisibility.topics.create(project.id, { name: 'Beans' });

    const prompt = await client.aiVisibility.prompts.create(project.id, {
      topic_id: topic.id,
      text: 'What is the best coffee for cold brew?',
    });
    expect(prompt).toMatchObject({ topic_id: topic.id, text: 'What is the best coffee for cold brew?' });
    await client.aiVisibility.prompts.create(project.id, {
      topic_id: other.id,
      text: 'Which beans for espresso?',
    });

    const topics = await client.aiVisibility.topics.list(project.id);
    expect(topics.data.map((item) => [item.name, item.prompt_count])).toEqual([
      ['Beans', 1],
      ['Home brewing', 1],
    ]);
    const ofTopic = await client.aiVisibility.prompts.list(project.id, { topic_id: topic.id });
    expect(ofTopic.data.map((item) => item.id)).toEqual([prompt.id]);
    const every: string[] = [];
    for await (const item of client.aiVisibility.prompts.list(project.id, { limit: 1 }))
      every.push(item.text);
    expect(every).toEqual(['Which beans for espresso?', 'What is the best coffee for cold brew?']);
  });

  it('lists the answers of every platform, filtered, and scores them as the days go by', async () => {
    const client = target().client();
    const project = await newProject(client);
    const topic = await client.aiVisibility.topics.create(project.id, { name: 'Cold brew' });
    const prompt = await client.aiVisibility.prompts.create(project.id, {
      topic_id: topic.id,
      text: 'Best beans for cold brew?',
    });
    await target().advance(2 * DAY);

    const answers: AiVisibilityResponse[] = [];
    for await (const answer of client.aiVisibility.responses.list(project.id, {
      prompt_id: prompt.id,
      limit: 4,
    })) {
      answers.push(answer);
    }
    expect(answers).toHaveLength(3 * AI_PLATFORMS.length);
    expect(new Set(answers.map((answer) => answer.platform))).toEqual(new Set(AI_PLATFORMS));
    const claude = await client.aiVisibility.responses.list(project.id, {
      platform: 'claude',
      from: '2026-01-02',
      to: '2026-01-03',
    });
    expect(claude.data.map((answer) => [answer.platform, answer.date])).toEqual([
      ['claude', '2026-01-03'],
      ['claude', '2026-01-02'],
    ]);

    const visibility = await client.aiVisibility.retrieve(project.id);
    expect(visibility.period).toEqual({ from: '2025-12-05', to: '2026-01-03', days: 30 });
    expect(visibility.counts.responses).toBe(answers.length);
    expect(visibility.counts.mentioned).toBe(answers.filter((answer) => answer.mentioned).length);
    expect(visibility.platforms.map((platform) => platform.platform)).toEqual([...AI_PLATFORMS]);
    const firstDay = await client.aiVisibility.retrieve(project.id, { from: '2026-01-01', to: '2026-01-01' });
    expect(firstDay.counts.responses).toBe(AI_PLATFORMS.length);
  });

  it('throws typed errors that name the parameter', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const badPlatform = await client.aiVisibility.responses
      .list(projectId, { platform: 'bard' as 'claude' })
      .catch(errorOf);
    expect(badPlatform).toBeInstanceOf(BadRequestError);
    expect(badPlatform).toMatchObject({ status: 400, param: 'platform' });
    expect(String(badPlatform.message)).toContain('chatgpt, perplexity, gemini, claude, google_ai_overviews');

    const unknownTopic = await client.aiVisibility.prompts
      .create(projectId, { topic_id: 'top_0000000000000', text: 'Anything?' })
      .catch(errorOf);
    expect(unknownTopic).toBeInstanceOf(BadRequestError);
    expect(unknownTopic).toMatchObject({ param: 'topic_id' });

    const [topic] = (await client.aiVisibility.topics.list(projectId)).data;
    const duplicate = await client.aiVisibility.topics
      .create(projectId, { name: topic?.name.toUpperCase() ?? '' })
      .catch(errorOf);
    expect(duplicate).toBeInstanceOf(ConflictError);
    expect(duplicate).toMatchObject({ param: 'name' });

    const other = target().client({ apiKey: await target().createAccount() });
    expect(await other.aiVisibility.retrieve(projectId).catch(errorOf)).toBeInstanceOf(NotFoundError);
  });
});
