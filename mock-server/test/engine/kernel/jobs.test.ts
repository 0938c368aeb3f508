import { describe, expect, it } from 'vitest';
import { generationSeconds } from '../../../src/engine/content/content';
import { Engine } from '../../../src/engine/engine';
import { BackgroundRuns } from '../../../src/engine/kernel/background-runs';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import { IdFactory } from '../../../src/engine/kernel/ids';
import { JobQueue } from '../../../src/engine/kernel/jobs';
import { Random } from '../../../src/engine/kernel/random';
import type { JobRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';
import { openSqliteStore } from '../../../src/store/sqlite';

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

describe('JobQueue.cancelUnclaimed', () => {
  it('drops the jobs of a kind about a subject unless a run has claimed one', async () => {
    const store = createMemoryStore(engineSchema);
    const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), () => undefined, { now: () => 50 });
    await store.transaction(async (tx) => {
      await jobs.schedule(tx, 'webhook.deliver', 'dlv_1', 10);
      await jobs.schedule(tx, 'webhook.deliver', 'dlv_2', 60);
      await jobs.schedule(tx, 'content.generate', 'dlv_2', 60);
    });
    expect(await jobs.claim(50)).toMatchObject({ subject_id: 'dlv_1' });
    const subjects = async () =>
      (await store.find<JobRecord>('jobs', { orderBy: [['seq', 'asc']] })).map(
        (job) => `${job.kind} ${job.subject_id}`,
      );

    expect(await store.transaction((tx) => jobs.cancelUnclaimed(tx, 'dlv_1', 'webhook.deliver'))).toBe(false);
    expect(await store.transaction((tx) => jobs.cancelUnclaimed(tx, 'dlv_2', 'webhook.deliver'))).toBe(true);
    expect(await subjects()).toEqual(['webhook.deliver dlv_1', 'content.generate dlv_2']);
  });
});

describe('JobQueue runs', () => {
  function queue() {
    const store = createMemoryStore(engineSchema);
    const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), () => undefined, { now: () => 100 });
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

describe("JobQueue completion inside a handler's transaction", () => {
  function counted() {
    const store = createMemoryStore(engineSchema);
    const transaction = store.transaction.bind(store);
    let transactions = 0;
    store.transaction = (work) => {
      transactions++;
      return transaction(work);
    };
    const errors: unknown[] = [];
    const jobs = new JobQueue(store, new IdFactory(new Random('jobs')), (error) => errors.push(error), {
      now: () => 100,
    });
    return { store, jobs, errors, transactions: () => transactions };
  }

  it('removes the job with the effect of the transaction that completes it, and writes nothing after', async () => {
    const { store, jobs, errors, transactions } = counted();
    jobs.on('send', async (job, complete) => {
      await store.transaction(async (tx) => {
        await tx.put('meta', { id: `sent:${job.subject_id}` });
        await complete(tx);
      });
    });
    await store.transaction(async (tx) => {
      await jobs.schedule(tx, 'send', 'a', 10);
      await jobs.schedule(tx, 'send', 'b', 20);
    });
    const before = transactions();
    expect(await jobs.runDue(100)).toBe(2);
    // Each job: its claim and the handler's transaction, no third one to remove it; then the
    // claim that finds nothing more due.
    expect(transactions() - before).toBe(5);
    expect(errors).toEqual([]);
    expect(await store.count('jobs')).toBe(0);
    expect((await store.find('meta')).map((row) => row.id).filter((id) => id.startsWith('sent:'))).toEqual([
      'sent:a',
      'sent:b',
    ]);
  });

  it('completes the job itself when the transaction that completed it rolled back', async () => {
    const { store, jobs, errors } = counted();
    jobs.on('send', async (_job, complete) => {
      await store.transaction(async (tx) => {
        await complete(tx);
        await tx.put('meta', { id: 'half-done' });
        throw new Error('the receiver vanished');
      });
    });
    await store.transaction((tx) => jobs.schedule(tx, 'send', 'a', 10));
    expect(await jobs.runDue(100)).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await store.get('meta', 'half-done')).toBeUndefined();
    // A handler that throws counts as done, as before: the job is removed, not run again.
    expect(await store.count('jobs')).toBe(0);
    expect(await jobs.runDue(100)).toBe(0);
  });
});

describe('background runs started by a transaction', () => {
  it('start once the transaction that scheduled the work has committed, not inside it (SQLite refuses that)', async () => {
    const store = openSqliteStore(':memory:', engineSchema);
    const clock = new ManualClock(MANUAL_CLOCK_START);
    const sent: string[] = [];
    const engine = await Engine.open({
      store,
      seed: 'kick',
      clock,
      webhookSender: {
        send: async (request) => {
          sent.push(request.headers['x-service-event'] as string);
          return { status: 200, body: '{}', error: null };
        },
      },
    });
    const runErrors: unknown[] = [];
    const background = engine.startBackgroundWork((error) => runErrors.push(error));
    const account = await engine.accounts.authenticate(engine.demo.api_key);
    const project = await engine.projects.create(account, { name: 'Kick', domain: 'kick.example' });
    await engine.projects.update(account, project.id, {
      webhook: { url: 'http://127.0.0.1:9/hook', secret: 's' },
    });
    for (let i = 0; i < 5; i++) {
      const created = await engine.content.create(account, project.id, { keyword: `kick ${i}`, length: 300 });
      await engine.advance(generationSeconds(300));
      await engine.content.publish(account, project.id, created.id);
    }
    await background.idle();
    await background.stop();
    expect(runErrors.map(String)).toEqual([]);
    expect(sent.filter((event) => event === 'content.published')).toHaveLength(5);
    await store.close();
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

  it("leaves a job another server claimed when this one's handler completes it late, in its transaction", async () => {
    const { store, clock, a, b } = twoServers();
    a.on('work', async (_job, complete) => {
      clock.now = LEASE;
      taken = (await b.claim(clock.now)) as JobRecord;
      await store.transaction((tx) => complete(tx));
    });
    let taken: JobRecord | undefined;
    await store.transaction((tx) => a.schedule(tx, 'work', 's1', 0));
    const late = (await a.claim(0)) as JobRecord;
    expect(await a.run(late)).toBe(true);
    expect(taken).toMatchObject({ subject_id: 's1' });
    expect(await store.count('jobs')).toBe(1);
    await b.complete(taken as JobRecord);
    expect(await store.count('jobs')).toBe(0);
  });

  it('leaves a job claimable after a claim whose transaction failed', async () => {
    const { store, ran, a } = twoServers();
    await store.transaction((tx) => a.schedule(tx, 'work', 's1', 0));
    const transaction = store.transaction.bind(store);
    let failNextClaim = true;
    store.transaction = (work) =>
      transaction((tx) =>
        work({
          ...tx,
          get: tx.get.bind(tx),
          find: tx.find.bind(tx),
          count: tx.count.bind(tx),
          insert: tx.insert.bind(tx),
          delete: tx.delete.bind(tx),
          deleteWhere: tx.deleteWhere.bind(tx),
          put: async (table, row) => {
            if (failNextClaim && table === 'jobs') {
              failNextClaim = false;
              throw new Error('disk full');
            }
            return tx.put(table, row);
          },
        }),
      );
    await expect(a.claim(0)).rejects.toThrow('disk full');
    expect(await a.runDue(0)).toBe(1);
    expect(ran).toEqual(['a:s1@0']);
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
