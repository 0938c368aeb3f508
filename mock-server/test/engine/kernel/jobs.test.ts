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

describe('JobQueue claims', () => {
  const LEASE = 1_000;

  /** Two servers' queues on one store, and the clock they share. */
  function twoServers() {
    const store = createMemoryStore(engineSchema);
    const clock = { now: 0 };
    const ran: string[] = [];
    const queue = (owner: string) => {
      const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), () => undefined, {
        now: () => clock.now,
        leaseMs: LEASE,
      });
      jobs.owner = owner;
      jobs.on('work', async (job) => {
        ran.push(`${owner}:${job.subject_id}@${job.due_at}`);
      });
      return jobs;
    };
    return { store, clock, ran, a: queue('a'), b: queue('b') };
  }

  it('gives each due job to one server, in time order, and deletes it once run', async () => {
    const { store, ran, a, b } = twoServers();
    await store.transaction(async (tx) => {
      await a.schedule(tx, 'work', 's2', 0);
      await a.schedule(tx, 'work', 's1', -5);
      await a.schedule(tx, 'work', 'later', 10);
    });
    const [first, second, none] = [await a.claim(0), await b.claim(0), await a.claim(0)];
    expect([first?.subject_id, second?.subject_id, none]).toEqual(['s1', 's2', undefined]);
    expect(await b.claim(0)).toBeUndefined();
    await Promise.all([a.run(first as JobRecord), b.run(second as JobRecord)]);
    await Promise.all([a.complete(first as JobRecord), b.complete(second as JobRecord)]);
    expect(ran).toEqual(['a:s1@-5', 'b:s2@0']);
    expect((await store.find<JobRecord>('jobs')).map((job) => job.subject_id)).toEqual(['later']);
  });

  it("hands a stopped server's job to another once the claim runs out, as it was scheduled", async () => {
    const { store, clock, ran, a, b } = twoServers();
    await store.transaction((tx) => a.schedule(tx, 'work', 's1', 0));
    const claimed = await a.claim(0);
    expect(claimed).toMatchObject({ subject_id: 's1', due_at: 0 });
    // a stops here. Until its claim runs out, the job is no one else's, and the timer waits for that.
    clock.now = LEASE - 1;
    expect(await b.claim(clock.now)).toBeUndefined();
    expect(await b.nextDueAt()).toBe(LEASE);
    clock.now = LEASE;
    expect(await b.runDue(clock.now)).toBe(1);
    expect(ran).toEqual(['b:s1@0']);
    expect(await store.count('jobs')).toBe(0);
  });

  it("leaves a job another server claimed after this one's claim ran out", async () => {
    const { store, clock, a, b } = twoServers();
    await store.transaction((tx) => a.schedule(tx, 'work', 's1', 0));
    const late = (await a.claim(0)) as JobRecord;
    clock.now = LEASE;
    const taken = (await b.claim(clock.now)) as JobRecord;
    await a.complete(late);
    expect(await store.count('jobs')).toBe(1);
    await b.complete(taken);
    expect(await store.count('jobs')).toBe(0);
  });

  it('frees every claim at once when asked (a manual clock serves one server)', async () => {
    const { store, ran, a, b } = twoServers();
    await store.transaction((tx) => a.schedule(tx, 'work', 's1', 0));
    await a.claim(0);
    await b.prepare(true);
    expect(await b.runDue(0)).toBe(1);
    expect(ran).toEqual(['b:s1@0']);
  });
});
