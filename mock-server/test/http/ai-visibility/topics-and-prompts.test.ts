import { AI_PLATFORMS, AiVisibilityResponse, AiVisibilityTopic, listOf } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import {
  createPrompt,
  createTopic,
  key,
  newProject,
  path,
  server,
  useAiVisibilityServer,
} from './ai-visibility-server';

useAiVisibilityServer();

describe('topics', () => {
  it('creates topics and lists them newest first, paginated', async () => {
    const projectId = await newProject(server);
    const first = await createTopic(projectId, '  Home brewing ');
    expect(first).toMatchObject({ project_id: projectId, name: 'Home brewing', prompt_count: 0 });
    expect(first.id).toMatch(/^top_[0-9a-z]{13}$/);
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = await createTopic(projectId, 'Coffee beans');

    const page = await server.call('GET', path(projectId, '/topics?limit=1'), { key });
    expect(page.status).toBe(200);
    expect(listOf(AiVisibilityTopic).parse(page.body)).toEqual({
      data: [second],
      pagination: { limit: 1, offset: 0, count: 1, total: 2, has_more: true },
    });
    const next = await server.call('GET', path(projectId, '/topics?limit=1&offset=1'), { key });
    expect(next.body.data).toEqual([first]);
    expect(next.body.pagination.has_more).toBe(false);
  });

  it('answers 409 naming `name` for a name in use, ignoring case and spacing', async () => {
    const projectId = await newProject(server);
    const topic = await createTopic(projectId, 'Home brewing');
    const clash = await server.call('POST', path(projectId, '/topics'), {
      key,
      body: { name: ' HOME   brewing' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ type: 'conflict_error', param: 'name' });
    expect(clash.body.error.message).toContain(topic.id);
    // Another project may use the same name.
    const elsewhere = await newProject(server, 'Elsewhere');
    expect(
      (await server.call('POST', path(elsewhere, '/topics'), { key, body: { name: 'Home brewing' } })).status,
    ).toBe(201);
  });

  it.each([
    [{}, 'name', '`name` is required.'],
    [{ name: '   ' }, 'name', '`name` must not be empty.'],
    [{ name: 'x'.repeat(101) }, 'name', 'must be at most 100 characters'],
    [{ name: 42 }, 'name', 'must be a string'],
    [{ name: 'ok', colour: 'red' }, 'colour', 'Unknown field `colour`; allowed fields are: name'],
  ])('rejects %j with a 400 naming the field', async (body, param, message) => {
    const answer = await server.call('POST', path(server.demo.project_id, '/topics'), { key, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(answer.body.error.message).toContain(message);
  });
});

describe('prompts', () => {
  it('creates a prompt that is asked on every platform for today before the next answer', async () => {
    const projectId = await newProject(server);
    const topic = await createTopic(projectId, 'Cold brew');
    const prompt = await createPrompt(projectId, topic.id, '  What is the best coffee for cold brew?  ');
    expect(prompt).toMatchObject({
      project_id: projectId,
      topic_id: topic.id,
      text: 'What is the best coffee for cold brew?',
    });
    expect(prompt.id).toMatch(/^prm_[0-9a-z]{13}$/);

    const answers = await server.call('GET', path(projectId, `/responses?prompt_id=${prompt.id}`), { key });
    expect(answers.status).toBe(200);
    const page = listOf(AiVisibilityResponse).parse(answers.body);
    expect(page.data.map((response) => response.platform).sort()).toEqual([...AI_PLATFORMS].sort());
    for (const response of page.data) {
      expect(response).toMatchObject({ prompt_id: prompt.id, topic_id: topic.id, date: '2026-01-01' });
      expect(response.id).toMatch(/^rsp_/);
      expect(response.mentioned).toBe(response.mentions.length > 0);
      for (const url of response.project_citations)
        expect(new URL(url).hostname).toMatch(/(^|\.)visible-coffee\.example$/);
    }
    const topics = await server.call('GET', path(projectId, '/topics'), { key });
    expect(topics.body.data[0].prompt_count).toBe(1);
  });

  it('lists prompts newest first, optionally of one topic', async () => {
    const projectId = await newProject(server);
    const brewing = await createTopic(projectId, 'Brewing');
    const beans = await createTopic(projectId, 'Beans');
    const a = await createPrompt(projectId, brewing.id, 'Which kettle?');
    const b = await createPrompt(projectId, beans.id, 'Which beans?');
    const c = await createPrompt(projectId, brewing.id, 'Which grinder?');
    const all = await server.call('GET', path(projectId, '/prompts'), { key });
    expect(all.body.data.map((prompt: { id: string }) => prompt.id)).toEqual([c.id, b.id, a.id]);
    const ofBrewing = await server.call('GET', path(projectId, `/prompts?topic_id=${brewing.id}`), { key });
    expect(ofBrewing.body.data.map((prompt: { id: string }) => prompt.id)).toEqual([c.id, a.id]);
    expect(ofBrewing.body.pagination.total).toBe(2);
  });

  it('answers 409 naming `text` for a prompt the project already tracks, ignoring case', async () => {
    const projectId = await newProject(server);
    const one = await createTopic(projectId, 'One');
    const two = await createTopic(projectId, 'Two');
    const prompt = await createPrompt(projectId, one.id, 'Best pour over kettle?');
    const clash = await server.call('POST', path(projectId, '/prompts'), {
      key,
      body: { topic_id: two.id, text: 'best POUR over kettle?' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ type: 'conflict_error', param: 'text' });
    expect(clash.body.error.message).toContain(prompt.id);
  });

  it("answers 400 naming `topic_id` for a missing topic or another project's", async () => {
    const projectId = await newProject(server);
    const other = await newProject(server, 'Other');
    const theirs = await createTopic(other, 'Theirs');
    for (const topicId of ['top_0000000000000', theirs.id]) {
      const answer = await server.call('POST', path(projectId, '/prompts'), {
        key,
        body: { topic_id: topicId, text: 'Anything?' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param: 'topic_id' });
      expect(answer.body.error.message).toContain(`No topic with id ${topicId} in project ${projectId}`);
      expect(answer.body.error.message).toContain(`GET /v1/projects/${projectId}/ai-visibility/topics`);
      const filter = await server.call('GET', path(projectId, `/prompts?topic_id=${topicId}`), { key });
      expect(filter.status).toBe(400);
      expect(filter.body.error.param).toBe('topic_id');
    }
  });

  it.each([
    [{ text: 'Anything?' }, 'topic_id', '`topic_id` is required.'],
    [{ topic_id: '', text: 'Anything?' }, 'topic_id', 'must be a topic id'],
    [{ topic_id: 'TOPIC', text: '' }, 'text', '`text` must not be empty.'],
    [{ topic_id: 'TOPIC', text: 'x'.repeat(501) }, 'text', 'must be at most 500 characters'],
    [{ topic_id: 'TOPIC', text: ['a'] }, 'text', 'must be a string'],
    [{ topic_id: 'TOPIC', text: 'ok', platforms: ['chatgpt'] }, 'platforms', 'Unknown field `platforms`'],
  ])('rejects %j with a 400 naming the field', async (body, param, message) => {
    const projectId = server.demo.project_id;
    const [topic] = (await server.call('GET', path(projectId, '/topics'), { key })).body.data;
    const sent = JSON.parse(JSON.stringify(body).replace('"TOPIC"', JSON.stringify(topic.id)));
    const answer = await server.call('POST', path(projectId, '/prompts'), { key, body: sent });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(answer.body.error.message).toContain(message);
  });
});

describe('access', () => {
  it("answers 404 naming `id` for another account's project or a missing one", async () => {
    const other = await server.call('POST', '/__admin/accounts', { body: { plan: 'essential' } });
    const mine = server.demo.project_id;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['GET', '/topics', undefined],
      ['POST', '/topics', { name: 'Mine now' }],
      ['GET', '/prompts', undefined],
      ['POST', '/prompts', { topic_id: 'top_0000000000000', text: 'Hi?' }],
      ['GET', '/responses', undefined],
    ] as const) {
      for (const [who, project] of [
        [other.body.api_key, mine],
        [key, 'proj_0000000000000'],
      ]) {
        const answer = await server.call(method, path(project, suffix), { key: who, body });
        expect(answer.status, `${method} ${suffix}`).toBe(404);
        expect(answer.body.error).toMatchObject({ type: 'not_found_error', param: 'projectId' });
      }
    }
  });
});
