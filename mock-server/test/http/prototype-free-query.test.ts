import { describe, expect, it } from 'vitest';
import { readQuery } from '../../src/api/query';
import { DashboardClient } from '../dashboard/dashboard-client';
import { project, server, useDashboardServer } from '../dashboard/dashboard-server';

useDashboardServer();

/** Names every plain object inherits: a query parsed into one read them as if they were sent. */
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

// Issue 29, "Also": `?constructor=1` reached the sign-in page's `next` as `function Object() { [native code] }`.
describe('queries are parsed into objects without a prototype', () => {
  it('reads a parameter named after an Object.prototype member as the text that was sent', () => {
    const query = readQuery(INHERITED.map((name, index) => `${name}=${index}`).join('&'));
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.entries(query)).toEqual(INHERITED.map((name, index) => [name, String(index)]));
    expect(readQuery('toString=a&toString=b').toString).toEqual(['a', 'b']);
    expect(readQuery('limit=5').constructor).toBeUndefined();
  });

  it('sends a signed-out browser to sign in with the query it asked for, word for word', async () => {
    for (const name of INHERITED) {
      const path = `${project()}/keywords?${name}=1&page=2`;
      const answer = await new DashboardClient(server).get(path);
      expect(answer.status, name).toBe(303);
      expect(answer.headers.get('location'), name).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  });

  it('answers the API with those names in the query as with any unknown parameter', async () => {
    const query = INHERITED.map((name) => `${name}=1`).join('&');
    const answer = await server.call('GET', `/v1/projects?${query}&limit=1`, { key: server.demo.api_key });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination.limit).toBe(1);
    const publicList = await server.call('GET', `/public-article-api?${query}&limit=1`, {
      headers: { 'x-service-key': server.demo.public_api_key },
    });
    expect(publicList.status).toBe(200);
  });
});
