import { beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import type { EngineContext } from '../../../src/engine/kernel/context';
import { IdFactory } from '../../../src/engine/kernel/ids';
import { JobQueue } from '../../../src/engine/kernel/jobs';
import { Random } from '../../../src/engine/kernel/random';
import type { AccountRecord } from '../../../src/engine/kernel/records';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { SeededSecrets } from '../../../src/engine/kernel/secrets';
import { type ProjectCleanup, ProjectService } from '../../../src/engine/projects/projects';
import type { WebhookSender } from '../../../src/engine/webhooks/sender';
import { createMemoryStore } from '../../../src/store/memory';
import type { Row, Store } from '../../../src/store/store';

type StoredRow = Row & { id: string };

/** A receiver that is down: every delivery stays pending, waiting for its retry. */
const unavailable: WebhookSender = { send: async () => ({ status: 503, body: 'down', error: null }) };

/** Tables whose rows belong to one project. */
const PROJECT_TABLES = Object.entries(engineSchema)
  .filter(([, spec]) => (spec.columns as readonly string[]).includes('project_id'))
  .map(([table]) => table);

let store: Store;
let engine: Engine;
let account: AccountRecord;
let jobErrors: unknown[];

beforeEach(async () => {
  store = createMemoryStore(engineSchema);
  jobErrors = [];
  engine = await Engine.open({
    store,
    seed: 5,
    clock: new ManualClock(MANUAL_CLOCK_START),
    demo: false,
    webhookSender: unavailable,
    onJobError: (error) => jobErrors.push(error),
  });
  account = await engine.accounts.authenticate((await engine.accounts.create({ plan: 'agencies' })).api_key);
});

/** A project with rows in every domain: articles, deliveries, activity, keywords, AI visibility, exports. */
async function filledProject(name: string): Promise<string> {
  const { id } = await engine.projects.create(account, { name, domain: `${name.toLowerCase()}.example` });
  await engine.projects.update(account, id, {
    webhook: { url: 'https://receiver.example/hook', secret: 'rq_whsec_deletion' },
  });
  const article = await engine.content.create(account, id, { keyword: 'cold brew ratio', length: 300 });
  await engine.keywords.create(account, id, { keyword: 'cold brew' });
  const topic = await engine.aiVisibility.createTopic(account, id, { name: 'Home brewing' });
  await engine.aiVisibility.createPrompt(account, id, { topic_id: topic.id, text: 'best cold brew maker' });
  await engine.exports.create(account, id, { types: ['content'], format: 'json' });
  await engine.advance(60);
  await engine.content.publish(account, id, article.id);
  await engine.content.create(account, id, { keyword: 'pour over', length: 300 });
  await engine.exports.create(account, id, { types: ['keywords'], format: 'csv' });
  return id;
}

/** Every row of the project, by table, with the jobs about the project or any of its rows. */
async function rowsOf(projectId: string): Promise<Record<string, StoredRow[]>> {
  const rows: Record<string, StoredRow[]> = {};
  for (const table of PROJECT_TABLES) {
    rows[table] = await store.find<StoredRow>(table, {
      where: { project_id: projectId },
      orderBy: [['id', 'asc']],
    });
  }
  const exportIds = new Set(rows.exports?.map((row) => row.id));
  rows.export_chunks = (await store.find<StoredRow>('export_chunks', {})).filter((chunk) =>
    exportIds.has(chunk.export_id as string),
  );
  const subjects = new Set([
    projectId,
    ...Object.values(rows).flatMap((table) => table.map((row) => row.id)),
  ]);
  rows.jobs = (await store.find<StoredRow>('jobs', { orderBy: [['seq', 'asc']] })).filter((job) =>
    subjects.has(job.subject_id as string),
  );
  return rows;
}

describe('deleting a project', () => {
  it('removes its rows of every domain and every job about them, and nothing of another project', async () => {
    const doomed = await filledProject('Doomed');
    const kept = await filledProject('Kept');
    const before = await rowsOf(doomed);
    for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);
    const keptBefore = await rowsOf(kept);

    await engine.projects.delete(account, doomed);

    expect(await store.get('projects', doomed)).toBeUndefined();
    const after = await rowsOf(doomed);
    for (const [table, rows] of Object.entries(after)) expect(rows, table).toEqual([]);
    expect(await rowsOf(kept)).toEqual(keptBefore);
    // No job is left over to run against rows that are gone.
    await engine.advance(2 * 24 * 3600);
    expect(jobErrors).toEqual([]);
  });
});

describe('ProjectService.delete', () => {
  function context(): EngineContext {
    const random = new Random('cleanups');
    const ids = new IdFactory(random);
    const clock = new ManualClock(MANUAL_CLOCK_START);
    return {
      store,
      clock,
      random,
      ids,
      jobs: new JobQueue(store, ids, () => undefined),
      secrets: new SeededSecrets(random),
    };
  }

  it('runs the cleanups in the order given, in the transaction that removes the project row', async () => {
    const calls: string[] = [];
    const cleanup =
      (name: string): ProjectCleanup =>
      async (tx, _jobs, projectId) => {
        // The project row is still there: it goes after every cleanup.
        calls.push(`${name}:${(await tx.get('projects', projectId)) ? 'present' : 'gone'}`);
      };
    const projects = new ProjectService(context(), [
      cleanup('exports'),
      cleanup('content'),
      cleanup('activity'),
    ]);
    const { id } = await projects.create(account, { name: 'Ordered', domain: 'ordered.example' });

    expect(await projects.delete(account, id)).toEqual({ id, deleted: true });

    expect(calls).toEqual(['exports:present', 'content:present', 'activity:present']);
    expect(await store.get('projects', id)).toBeUndefined();
  });

  it('keeps the project and every row when a cleanup fails', async () => {
    const projects = new ProjectService(context(), [
      async (tx, _jobs, projectId) => {
        await tx.deleteWhere('content', { project_id: projectId });
      },
      async () => {
        throw new Error('cleanup failed');
      },
    ]);
    const { id } = await projects.create(account, { name: 'Intact', domain: 'intact.example' });
    await store.transaction((tx) => tx.insert('content', { id: 'cnt_kept', project_id: id, seq: 1 }));

    await expect(projects.delete(account, id)).rejects.toThrow('cleanup failed');

    expect(await store.get('projects', id)).toBeDefined();
    expect(await store.get('content', 'cnt_kept')).toBeDefined();
  });
});
