import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/testing/start-mock-server';

describe('startMockServer: the test double verbs', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer();
  });
  afterAll(async () => server.close());

  const get = (mock: MockServer, path: string) =>
    fetch(`${mock.baseUrl}${path}`, { headers: { authorization: `Bearer ${mock.apiKey}` } });
  const publicGet = (mock: MockServer) =>
    fetch(mock.contentApiUrl, { headers: { 'x-service-key': mock.publicApiKey } });

  it('scopes a fault to the account by default, and publicArticles.get to its project’s public key', async () => {
    const mock = await server.freshAccount();
    const other = await server.freshAccount();
    const fault = await mock.fail('projects.list', 502);
    expect(fault).toMatchObject({ operation: 'projects.list', status: 502, api_key: 'rq_test_…', times: 1 });
    expect((await get(other, '/projects')).status).toBe(200);
    expect((await get(mock, '/projects')).status).toBe(502);
    expect((await get(mock, '/projects')).status).toBe(200);

    const onPublic = await mock.fail('publicArticles.get', 429, { headers: { 'Retry-After': '3' } });
    expect(onPublic.public_api_key).toBe(`${mock.publicApiKey.slice(0, 8)}…`);
    expect((await publicGet(other)).status).toBe(200);
    const limited = await publicGet(mock);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
  });

  it('removes a fault at the end of an `await using` block, even one with no end', async () => {
    const mock = await server.freshAccount();
    {
      await using _outage = await mock.fail('projects.list', 503, { times: null });
      expect((await get(mock, '/projects')).status).toBe(503);
      expect((await get(mock, '/projects')).status).toBe(503);
    }
    expect((await get(mock, '/projects')).status).toBe(200);
    // One that ran out of times already is simply gone.
    const once = await mock.delay('projects.list', 1);
    await get(mock, '/projects');
    await expect(once.remove()).resolves.toBeUndefined();
  });

  it('lists, removes and clears only this account’s faults', async () => {
    const mock = await server.freshAccount();
    const other = await server.freshAccount();
    const mine = await mock.disconnect('content.create', { afterCommit: false, times: 3 });
    const second = await mock.delay('content.list', 10);
    const theirs = await other.fail('*', 500);
    expect((await mock.faults()).map((fault) => fault.id)).toEqual([mine.id, second.id]);
    expect(mine.disconnect).toBe('before');
    await mock.removeFault(second.id);
    await expect(mock.removeFault(second.id)).rejects.toThrow(/answered 404 .*No active fault/);
    await mock.clearFaults();
    expect(await mock.faults()).toEqual([]);
    expect((await other.faults()).map((fault) => fault.id)).toEqual([theirs.id]);
    await expect(mock.fail('content.creat' as 'content.create', 503)).rejects.toThrow(
      /answered 400 .*`operation` must be "\*" or an operation id of the contract/,
    );
  });

  it('reads and clears this account’s requests, newest first, by operation', async () => {
    const mock = await server.freshAccount();
    const other = await server.freshAccount();
    await get(mock, `/projects/${mock.projectId}`);
    await publicGet(mock);
    await get(other, '/projects');
    expect((await mock.requests()).map((entry) => entry.operation)).toEqual([
      'publicArticles.get',
      'projects.retrieve',
      'projects.create',
    ]);
    expect((await mock.requests({ operation: 'projects.retrieve' })).map((entry) => entry.path)).toEqual([
      `/v1/projects/${mock.projectId}`,
    ]);
    await mock.clearRequests();
    expect(await mock.requests()).toEqual([]);
    expect((await other.requests()).length).toBe(2);
  });
});
