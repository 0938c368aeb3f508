import { describe, expect, it } from 'vitest';
import { IdFactory } from '../../../src/engine/kernel/ids';
import { JobQueue } from '../../../src/engine/kernel/jobs';
import { Random } from '../../../src/engine/kernel/random';
import type { JobRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';

describe('JobQueue.cancel', () => {
  it('drops every job about a subject, or only those of one kind', async () => {
    const store = createMemoryStore(engineSchema);
    const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), () => undefined, { now: () => 0 });
    await store.transaction(async (tx) => {
      await jobs.schedule(tx, 'keywords.rank_check', 'proj_1', 10);
      await jobs.schedule(tx, 'ai_visibility.run', 'proj_1', 10);
      await jobs.schedule(tx, 'content.generate', 'cnt_1', 10);
    });
    const kinds = async () =>
      (await store.find<JobRecord>('jobs', { orderBy: [['seq', 'asc']] })).map((job) => job.kind);

    await store.transaction((tx) => jobs.cancel(tx, 'proj_1', 'keywords.rank_check'));
    expect(await kinds()).toEqual(['ai_visibility.run', 'content.generate']);

    await store.transaction((tx) => jobs.cancel(tx, 'cnt_1'));
    expect(await kinds()).toEqual(['ai_visibility.run']);
  });
});
