import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/testing/start-mock-server';

// A server of its own: reset() empties every account on it.
describe('startMockServer controls', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('now() tells the manual clock, which only advance() moves', async () => {
    const start = await server.now();
    expect(start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await server.now()).toBe(start);
    const moved = await server.advance(90);
    expect(Date.parse(moved) - Date.parse(start)).toBe(90_000);
    expect(await server.now()).toBe(moved);
  });

  it('reset() empties the server and rewinds the clock; a fresh account works after it', async () => {
    const mock = await server.freshAccount();
    await server.advance(30);
    await mock.reset();
    const projects = await fetch(`${mock.baseUrl}/projects`, {
      headers: { authorization: `Bearer ${mock.apiKey}` },
    });
    expect(projects.status).toBe(401);
    expect(await mock.now()).toBe('2026-01-01T00:00:00.000Z');
    const next = await server.freshAccount();
    expect(await next.deliveries()).toEqual([]);
  });
});
