import { beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../src/dashboard/sessions';
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock } from '../../src/engine/index';
import { createMemoryStore } from '../../src/store/memory';

const ORIGIN = 'http://127.0.0.1:4010';
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
    const { id, session } = await store.create('hash-of-key', ORIGIN);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).not.toBe(id);
    expect(await store.find(id, ORIGIN)).toMatchObject({
      apiKeyHash: 'hash-of-key',
      csrfToken: session.csrfToken,
    });
    expect(await store.find('hash-of-key', ORIGIN)).toBeUndefined();
    expect(await store.find(undefined, ORIGIN)).toBeUndefined();
    const rows = JSON.stringify(await engine.signInSessions.all());
    expect(rows).not.toContain(id);
  });

  it('ends a session left unused past the idle time, and any session past its maximum age', async () => {
    let now = 0;
    const store = new SessionStore(engine.signInSessions, { now: () => now, idleMs: 1000, maxAgeMs: 5000 });
    const idle = await store.create('a', ORIGIN);
    now = 1001;
    expect(await store.find(idle.id, ORIGIN)).toBeUndefined();
    const busy = await store.create('b', ORIGIN);
    for (now = 1500; now < 6000; now += 900) {
      const found = await store.find(busy.id, ORIGIN);
      expect(found).toBeDefined();
      if (found) await store.settle(found);
    }
    now = 6002;
    expect(await store.find(busy.id, ORIGIN)).toBeUndefined();
  });

  it('keeps what a request changed for the next one, through another store on the same engine', async () => {
    const first = new SessionStore(engine.signInSessions);
    const second = new SessionStore(engine.signInSessions);
    const { id } = await first.create('a', ORIGIN);
    const found = await first.find(id, ORIGIN);
    if (!found) throw new Error('no session');
    found.flash = { kind: 'success', message: 'Saved.' };
    found.exports.proj_1 = ['exp_1'];
    await first.settle(found);
    expect(await second.find(id, ORIGIN)).toMatchObject({
      flash: { kind: 'success', message: 'Saved.' },
      exports: { proj_1: ['exp_1'] },
    });
  });

  it('does not bring back a session signed out while a request held it', async () => {
    const store = new SessionStore(engine.signInSessions);
    const { id } = await store.create('a', ORIGIN);
    const held = await store.find(id, ORIGIN);
    if (!held) throw new Error('no session');
    await store.delete(id);
    held.flash = { kind: 'success', message: 'late' };
    await store.settle(held);
    expect(await store.find(id, ORIGIN)).toBeUndefined();
  });

  it("keeps at most its limit of one key's sessions, the least recently used going first", async () => {
    let now = 0;
    const store = new SessionStore(engine.signInSessions, { now: () => now, maxSessionsPerKey: 2 });
    const first = await store.create('a', ORIGIN);
    now = 10;
    const second = await store.create('a', ORIGIN);
    const other = await store.create('b', ORIGIN);
    now = 20;
    const third = await store.create('a', ORIGIN);
    expect(await store.find(first.id, ORIGIN)).toBeUndefined();
    expect(await store.find(second.id, ORIGIN)).toBeDefined();
    expect(await store.find(third.id, ORIGIN)).toBeDefined();
    expect(await store.find(other.id, ORIGIN)).toBeDefined();
  });

  it('is found only at the origin it was signed in at', async () => {
    const store = new SessionStore(engine.signInSessions);
    const { id } = await store.create('a', ORIGIN);
    expect(await store.find(id, 'http://127.0.0.1:4011')).toBeUndefined();
    expect(await store.find(id, 'http://localhost:4010')).toBeUndefined();
    expect(await store.find(id, ORIGIN)).toBeDefined();
  });

  it('survives a reset of the data, which brings back the demo keys the sessions signed in with', async () => {
    const store = new SessionStore(engine.signInSessions);
    const { id } = await store.create('a', ORIGIN);
    await engine.reset();
    expect(await store.find(id, ORIGIN)).toBeDefined();
  });
});
