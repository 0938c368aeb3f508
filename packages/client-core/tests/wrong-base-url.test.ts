import { describe, expect, it } from 'vitest';
import { clients, rejectionOf } from './support/clients';
import { referenceServer } from './support/servers';

const server = referenceServer();

describe.each(clients)('$name pointed at an address that is not its API', (client) => {
  const right = () => client.on(server());
  const errorAt = (baseURL: string) =>
    rejectionOf(client.create({ apiKey: right().apiKey, baseURL, maxRetries: 0 }).list());
  const names = (baseURL: string) =>
    new RegExp(
      `^baseURL ${regexpOf(baseURL)} answered \\d{3} \\(.+\\): it is not the address of the .+, which lives under /[a-z0-9-]+; set baseURL to ${regexpOf(right().baseURL)}\\.$`,
    );

  it("names the address given and the right one for the server's root (a redirect to the dashboard, not followed)", async () => {
    const error = await errorAt(server().url);
    expect(error).toBeInstanceOf(client.errors.APIError);
    expect(error.status).toBe(303);
    expect(error.message).toMatch(names(server().url));
    expect(error.message).toMatch(/ answered 303 \(a redirect to \/sign-in(\?next=%2F\w+)?\)/);
  });

  it("names them for the other API's address and for a wrong path (a 404), keeping the answer's fields", async () => {
    const other = right().baseURL === server().apiBaseUrl ? server().contentApiUrl : server().apiBaseUrl;
    for (const baseURL of [other, `${server().url}/api`]) {
      const error = await errorAt(baseURL);
      expect(error).toBeInstanceOf(client.errors.APIError);
      expect(error).toMatchObject({ status: 404, requestId: expect.stringMatching(/^req_/) });
      expect(error.message).toMatch(names(baseURL));
    }
  });

  it("keeps the server's message for a missing resource at the right address", async () => {
    const error = await rejectionOf(client.create({ ...right(), maxRetries: 0 }).retrieveMissing());
    expect(error.status).toBe(404);
    expect(error.message).not.toMatch(/baseURL/);
  });
});

function regexpOf(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
