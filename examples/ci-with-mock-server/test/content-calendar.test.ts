import { beforeEach, describe, expect, it } from 'vitest';
import { publishReadyDrafts, scheduleArticles } from '../src/content-calendar';
import { advanceClock, client, resetService, service } from './support/mock-service';

// The demo project holds published articles for 'cold brew ratio', 'pour over technique' and
// 'best coffee grinder', a draft for 'decaf process' and 'espresso crema' still generating.
describe('content calendar', () => {
  beforeEach(resetService);

  it('starts one article per keyword the project has no content for', async () => {
    const started = await scheduleArticles(client(), service.projectId, [
      'Cold Brew Ratio',
      'french press grind',
      'french press grind',
    ]);
    expect(started.map((job) => [job.keyword, job.status])).toEqual([['french press grind', 'generating']]);
  });

  it('publishes drafts only once their generation is over', async () => {
    await scheduleArticles(client(), service.projectId, ['french press grind'], { length: 600 });
    expect(await publishReadyDrafts(client(), service.projectId)).toEqual(['decaf process']);

    await advanceClock(49); // 600 words take 20 s + 30 s on the server's clock
    expect(await publishReadyDrafts(client(), service.projectId)).toEqual([]);

    await advanceClock(1);
    expect((await publishReadyDrafts(client(), service.projectId)).sort()).toEqual([
      'espresso crema',
      'french press grind',
    ]);
  });

  it('puts what it publishes on the public article API', async () => {
    await publishReadyDrafts(client(), service.projectId);
    const response = await fetch(`${service.contentApiUrl}?limit=10`, {
      headers: { 'X-Service-Key': service.publicApiKey },
    });
    const { articles } = (await response.json()) as { articles: { title: string }[] };
    expect(articles).toHaveLength(4);
  });
});
