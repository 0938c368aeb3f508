import { beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../src/dashboard/sessions';
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock } from '../../src/engine/index';
import { createMemoryStore } from '../../src/store/memory';

let engine: Engine;

beforeEach(async () => {
  engine = await Engine.open({
    store: createMemoryStore(engineSchema),
    seed: 1,
    clock: new ManualClock(MANUAL_CLOCK_START),
  });
});

describe('SessionStore', () => {
  it('finds a session by its cookie value only, and keeps neither the cookie nor the key in the store', async () => {
    const store = new SessionStore(engine.signInSessions);
    const { id, session } = await store.create('hash-of-key');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).not.toBe(id);
    expect(await store.find(id)).toMatchObject({ apiKeyHash: 'hash-of-key', csrfToken: session.csrfToken });
    expect(await store.find('hash-of-key')).toBeUndefined();
    expect(await store.find(undefined)).toBeUndefined();
    const rows = JSON.stringify(await engine.signInSessions.all());
    expect(rows).not.toContain(id);
  });

  it('ends a session left unused past the idle time, and any session past its maximum age', async () => {
    let now = 0;
    const store = new SessionStore(engine.signInSessions, { now: () => now, idleMs: 1000, maxAgeMs: 5000 });
    const idle = await store.create('a');
    now = 1001;
    expect(await store.find(idle.id)).toBeUndefined();
    const busy = await store.create('b');
    for (now = 1500; now < 6000; now += 900) {
      const found = await store.find(busy.id);
      expect(found).toBeDefined();
      if (found) await store.settle(found);
    }
    now = 6002;
    expect(await store.find(busy.id)).toBeUndefined();
  });

  it('keeps what a request changed for the next one, through another store on the same engine', async () => {
    const first = new SessionStore(engine.signInSessions);
    const second = new SessionStore(engine.signInSessions);
    const { id } = await first.create('a');
    const found = await first.find(id);
    if (!found) throw new Error('no session');
    found.flash = { kind: 'success', message: 'Saved.' };
    found.exports.proj_1 = ['exp_1'];
    await first.settle(found);
    expect(await second.find(id)).toMatchObject({
      flash: { kind: 'success', message: 'Saved.' },
      exports: { proj_1: ['exp_1'] },
    });
  });

  it('does not bring back a session signed out while a request held it', async () => {
    const store = new SessionStore(engine.signInSessions);
    const { id } = await store.create('a');
    const held = await store.find(id);
    if (!held) throw new Error('no session');
    await store.delete(id);
    held.flash = { kind: 'success', message: 'late' };
    await store.settle(held);
    expect(await store.find(id)).toBeUndefined();
  });

  it("keeps at most its limit of one key's sessions, the least recently used going first", async () => {
    let now = 0;
    const store = new SessionStore(engine.signInSessions, { now: () => now, maxSessionsPerKey: 2 });
    const first = await store.create('a');
    now = 10;
    const second = await store.create('a');
    const other = await store.create('b');
    now = 20;
    const third = await store.create('a');
    expect(await store.find(first.id)).toBeUndefined();
    expect(await store.find(second.id)).toBeDefined();
    expect(await store.find(third.id)).toBeDefined();
    expect(await store.find(other.id)).toBeDefined();
  });

  it('survives a reset of the data, which brings back the demo keys the sessions signed in with', async () => {
    const store = new SessionStore(engine.signInSessions);
    const { id } = await store.create('a');
    await engine.reset();
    expect(await store.find(id)).toBeDefined();
  });
});
