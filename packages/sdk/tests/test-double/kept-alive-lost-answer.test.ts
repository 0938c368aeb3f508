import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { startMockServer } from '@rankquill/mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIConnectionError, Rankquill } from '../../src/index';
import { errorOf } from '../support/error-of';
import { startCliServer } from './cli-server';
import type { Harness } from './harness';

const hosts: { name: string; start: () => Promise<Harness> }[] = [
  { name: 'startMockServer (in process)', start: () => startMockServer() },
  { name: 'rankquill-mock serve (CLI process)', start: () => startCliServer() },
];

// A kept-alive connection that the server closes after it committed the request (`disconnect`,
// after commit): fetch (undici) does not send it again on its own, so only the SDK's retry loop
// repeats it, counted against maxRetries. Node's fetch reports each request it writes, with its
// socket, on this channel: the tests check that the call went out on a reused connection.
const sendHeaders = 'undici:client:sendHeaders';
type Sent = { method: string; path: string; socket: object };
const sent: Sent[] = [];
const record = (message: unknown) => {
  const { request, socket } = message as { request: { method: string; path: string }; socket: object };
  sent.push({ method: request.method, path: request.path, socket });
};

/** Whether the first request of `method` to a path ending in `suffix` went out on a socket used before. */
function onAReusedSocket(method: string, suffix: string): boolean {
  const index = sent.findIndex((entry) => entry.method === method && entry.path.endsWith(suffix));
  return index > 0 && sent.slice(0, index).some((entry) => entry.socket === sent[index]?.socket);
}

beforeEach(() => {
  sent.length = 0;
  subscribe(sendHeaders, record);
});
afterEach(() => {
  unsubscribe(sendHeaders, record);
});

describe.each(hosts)('a lost answer on a kept-alive connection with $name', ({ start }) => {
  let host: Harness;
  beforeAll(async () => {
    host = await start();
  });
  afterAll(async () => host.close());

  it('sends a PUT once with maxRetries 0: a connection error, and the server saw one request', async () => {
    const mock = await host.freshAccount();
    const client = new Rankquill({ apiKey: mock.apiKey, baseURL: mock.baseUrl, maxRetries: 0 });
    await client.projects.retrieve(mock.projectId); // warms the connection
    await mock.disconnect('projects.update');

    const error = await client.projects.update(mock.projectId, { name: 'Renamed once' }).catch(errorOf);

    expect(onAReusedSocket('PUT', `/projects/${mock.projectId}`)).toBe(true);
    expect(error).toBeInstanceOf(APIConnectionError);
    const sent = await mock.requests({ operation: 'projects.update' });
    expect(sent.map((entry) => entry.status)).toEqual([null]);
    expect((await client.projects.retrieve(mock.projectId)).name).toBe('Renamed once');
  });

  it('retries a POST once with maxRetries 1, counted, with one Idempotency-Key', async () => {
    const mock = await host.freshAccount();
    const retries: unknown[] = [];
    const logger = {
      debug() {},
      info: (_message: string, details?: Record<string, unknown>) => retries.push(details?.method),
      warn() {},
      error() {},
    };
    const client = new Rankquill({ apiKey: mock.apiKey, baseURL: mock.baseUrl, maxRetries: 1, logger });
    await client.projects.retrieve(mock.projectId);
    await mock.disconnect('content.create');

    const { response } = await client.content
      .create(mock.projectId, { keyword: 'kept alive' })
      .withResponse();

    expect(onAReusedSocket('POST', '/content')).toBe(true);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(retries).toEqual(['POST']); // one retry, counted by the SDK's loop
    const [replayed, lost] = await mock.requests({ operation: 'content.create' });
    expect([lost?.status, replayed?.status]).toEqual([null, 202]);
    expect(lost?.idempotency_key).toBe(replayed?.idempotency_key);
  });
});
