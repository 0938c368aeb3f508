import { expect, it } from 'vitest';
import { ConflictError } from '../../src/index';
import { errorOf } from '../support/error-of';
import { json, startScriptedServer } from '../support/scripted-server';
import { describeEachTarget } from '../support/targets';

describeEachTarget('webhooks', (target) => {
  it('answers 409 ConflictError when the project has no webhook', async () => {
    const client = target().client();
    const error = await client.webhooks.test(target().demo.project_id).catch(errorOf);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.param).toBe('webhook');
  });

  it("sends a sample delivery to the project's webhook and answers what the receiver said", async () => {
    const receiver = await startScriptedServer((request, _, res) =>
      request.headers['x-service-key'] === 's3cret'
        ? json(res, 200, { success: true, url: '/en/resources/blog/sample' })
        : json(res, 401, { error: 'bad key' }),
    );
    try {
      const client = target().client();
      const projectId = target().demo.project_id;
      const project = await client.projects.update(projectId, {
        webhook: { url: `${receiver.baseURL}/hook`, secret: 's3cret' },
      });
      expect(project.webhook).toEqual({ url: `${receiver.baseURL}/hook`, secret_set: true });
      const result = await client.webhooks.test(projectId);
      expect(result).toMatchObject({ event: 'content.published', status: 200, error: null });
      expect(result.url).toBe('/en/resources/blog/sample');
      expect(receiver.seen).toHaveLength(1);
      expect(receiver.seen[0]?.headers['x-service-event']).toBe('content.published');
    } finally {
      await receiver.close();
    }
  });
});
