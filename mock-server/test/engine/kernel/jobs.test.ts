import { describe, expect, it } from 'vitest';
import { BackgroundRuns } from '../../../src/engine/kernel/background-runs';
import { IdFactory } from '../../../src/engine/kernel/ids';
import { JobQueue } from '../../../src/engine/kernel/jobs';
import { Random } from '../../../src/engine/kernel/random';
import type { JobRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';

describe('JobQueue.cancel', () => {
  it('drops every job about a subject, or only those of one kind', async () => {
    const store = createMemoryStore(engineSchema);
    const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), () => undefined);
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

describe('JobQueue runs', () => {
  function queue() {
    const store = createMemoryStore(engineSchema);
    const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), () => undefined);
    return { store, jobs };
  }

  /** A handler whose calls wait until the test lets them go. */
  function gatedHandler() {
    const gates: Array<() => void> = [];
    const ran: string[] = [];
    let inFlight = 0;
    let most = 0;
    return {
      ran,
      gates,
      most: () => most,
      handler: async (job: JobRecord) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => gates.push(resolve));
        inFlight--;
        ran.push(job.subject_id);
      },
    };
  }

  async function settle(condition: () => boolean) {
    for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(condition()).toBe(true);
  }

  it('claims each due job once and runs up to `concurrency` of them side by side, starting in time order', async () => {
    const { store, jobs } = queue();
    const gated = gatedHandler();
    jobs.on('send', gated.handler, 'network');
    await store.transaction(async (tx) => {
      for (let i = 5; i >= 1; i--) await jobs.schedule(tx, 'send', `s${i}`, i);
    });
    const run = jobs.runDue(10, { lanes: ['network'], concurrency: 3 });
    await settle(() => gated.gates.length === 3);
    // New work scheduled while the run is full is taken up as its jobs end.
    await store.transaction((tx) => jobs.schedule(tx, 'send', 's6', 6));
    while (gated.ran.length < 6) {
      for (const release of gated.gates.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await run).toBe(6);
    expect(gated.most()).toBe(3);
    expect([...gated.ran].sort()).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    expect(await store.count('jobs')).toBe(0);
  });

  it('runs each background lane beside the others: a long export holds up no delivery', async () => {
    const { store, jobs } = queue();
    const exportGate = gatedHandler();
    const delivered: string[] = [];
    jobs.on('export', exportGate.handler, 'export');
    jobs.on(
      'send',
      async (job) => {
        delivered.push(job.subject_id);
      },
      'network',
    );
    const now = () => 100;
    const background = new BackgroundRuns(jobs, {
      now,
      concurrency: { network: 4 },
      onError: () => undefined,
    });
    background.start();
    await store.transaction((tx) => jobs.schedule(tx, 'export', 'exp_1', 50));
    await settle(() => exportGate.gates.length === 1);
    // Scheduled due now: started at once, while the export still runs.
    await store.transaction(async (tx) => {
      await jobs.schedule(tx, 'send', 'dlv_1', 100);
      await jobs.schedule(tx, 'send', 'dlv_2', 90);
    });
    await settle(() => delivered.length === 2);
    expect(exportGate.ran).toEqual([]);
    // Work due later than now waits for the clock.
    await store.transaction((tx) => jobs.schedule(tx, 'send', 'dlv_later', 101));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(delivered).toEqual(['dlv_2', 'dlv_1']);
    for (const release of exportGate.gates.splice(0)) release();
    await background.stop();
    expect(exportGate.ran).toEqual(['exp_1']);
  });
});
