import { expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/index';
import { describeEachTarget } from '../support/targets';

describeEachTarget('activity', (target) => {
  it('lists lifecycle events newest first, one page or every entry', async () => {
    const client = target().client();
    const projectId = target().demo.project_id;
    const job = await client.content.create(projectId, { keyword: 'cupping', length: 300 });
    await target().advance(3600);
    await client.content.publish(projectId, job.id);

    const page = await client.activity.list(projectId, { limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ type: 'content.published', content_id: job.id });

    const entries: ActivityEntry[] = [];
    for await (const entry of client.activity.list(projectId, { limit: 1 })) entries.push(entry);
    expect(entries.length).toBe(page.pagination.total);
    const mine = entries.filter((entry) => entry.content_id === job.id).map((entry) => entry.type);
    expect(mine).toEqual(['content.published', 'content.generated']);
  });
});
