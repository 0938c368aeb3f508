import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../src/dashboard/sessions';

describe('SessionStore', () => {
  it('finds a session by its cookie value only, never by the key hash it keeps', async () => {
    const store = new SessionStore();
    const { id, session } = await store.create('hash-of-key');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).not.toBe(id);
    expect(await store.find(id)).toBe(session);
    expect(await store.find('hash-of-key')).toBeUndefined();
    expect(await store.find(undefined)).toBeUndefined();
  });

  it('ends a session left unused past the idle time, and any session past its maximum age', async () => {
    let now = 0;
    const store = new SessionStore({ now: () => now, idleMs: 1000, maxAgeMs: 5000 });
    const idle = await store.create('a');
    now = 1001;
    expect(await store.find(idle.id)).toBeUndefined();
    const busy = await store.create('b');
    for (now = 1500; now < 6000; now += 900) expect(await store.find(busy.id)).toBeDefined();
    now = 6002;
    expect(await store.find(busy.id)).toBeUndefined();
  });

  it('drops the least recently used sessions beyond its size, and deletes on sign-out', async () => {
    const store = new SessionStore({ maxSessions: 2 });
    const first = await store.create('a');
    const second = await store.create('b');
    await store.find(first.id);
    const third = await store.create('c');
    expect(await store.find(second.id)).toBeUndefined();
    expect(await store.find(first.id)).toBeDefined();
    await store.delete(third.id);
    expect(await store.find(third.id)).toBeUndefined();
  });
});
