import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/kernel/clock';
import { engineSchema } from '../../../src/engine/kernel/schema';
import { createMemoryStore } from '../../../src/store/memory';

async function openWithProject() {
  const store = createMemoryStore(engineSchema);
  const engine = await Engine.open({
    store,
    seed: 11,
    clock: new ManualClock(MANUAL_CLOCK_START),
    demo: false,
  });
  const created = await engine.accounts.create({ plan: 'agencies' });
  const account = await engine.accounts.authenticate(created.api_key);
  const project = await engine.projects.create(account, { name: 'Cleanup Co', domain: 'cleanup.example' });
  await engine.content.create(account, project.id, { keyword: 'clean desks', length: 300 });
  return { store, engine, account, projectId: project.id };
}

describe('deleting a project', () => {
  it('removes its exports, their stored files and their pending jobs', async () => {
    const { store, engine, account, projectId } = await openWithProject();
    const ready = await engine.exports.create(account, projectId, { types: ['content'], format: 'json' });
    await engine.advance(60);
    expect((await engine.exports.retrieve(account, projectId, ready.id)).status).toBe('ready');
    const waiting = await engine.exports.create(account, projectId, { types: ['content'], format: 'csv' });
    expect(await store.count('export_chunks')).toBeGreaterThan(0);
    expect(await store.count('jobs', { subject_id: ready.id })).toBe(1); // its expiry
    expect(await store.count('jobs', { subject_id: waiting.id })).toBe(1); // its run

    await engine.projects.delete(account, projectId);

    expect(await store.count('exports')).toBe(0);
    expect(await store.count('export_chunks')).toBe(0);
    expect(await store.count('jobs', { subject_id: ready.id })).toBe(0);
    expect(await store.count('jobs', { subject_id: waiting.id })).toBe(0);
  });
});
