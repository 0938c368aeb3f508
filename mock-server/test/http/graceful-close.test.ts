import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAbandonedRequestFinishes, checkLateRequestRefused } from '../support/shutdown-checks';
import { startTestServer } from '../support/test-server';

/**
 * Opens a connection and sends a request's head and the first part of its body. The head asks
 * for `100 Continue`, which the server sends once it has read it: from then on (`seen`) the
 * request is in flight.
 */
function startRequest(url: string, path: string, body: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  let markSeen = () => {};
  const seen = new Promise<void>((resolve) => {
    markSeen = resolve;
  });
  socket.on('data', (chunk) => {
    answer += chunk;
    if (answer.includes('100 Continue')) markSeen();
  });
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${body.slice(0, 10)}`);
  return { socket, seen, rest: () => socket.write(body.slice(10)), ended };
}

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('closing the server', () => {
  it('answers a request in flight before it stops, on a connection it then closes', async () => {
    const server = await startTestServer();
    const body = JSON.stringify({ name: 'Drained', domain: 'drained.example' });
    const request = startRequest(server.url, '/v1/projects', body, {
      authorization: `Bearer ${server.demo.api_key}`,
    });
    await request.seen;
    const closed = server.close();
    await waitMs(100);
    request.rest();
    const answer = await request.ended;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"name":"Drained"');
  });

  it('closes idle kept-alive connections at once, and cuts a request that outlasts drainMs', async () => {
    const server = await startTestServer({ drainMs: 300 });
    const idle: Socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    const stuck = startRequest(server.url, '/v1/projects', JSON.stringify({ name: 'Never sent' }), {
      authorization: `Bearer ${server.demo.api_key}`,
    });
    await stuck.seen;
    const started = performance.now();
    await server.close();
    const took = performance.now() - started;
    await idleClosed;
    expect(await stuck.ended).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(5_000);
  });
});

describe('stopping the server, on each store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-stop-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const stores = [
    { name: 'memory', db: async () => ':memory:', durable: false },
    { name: 'SQLite', db: async () => join(dir, `stop-${++files}.db`), durable: true },
  ];

  it.each(stores)(
    'refuses a request that arrives once it is stopping: 503, Connection: close ($name)',
    (store) => checkLateRequestRefused(store),
  );

  it.each(stores)(
    'closes the store only once a request whose client left has run to its end ($name)',
    (store) => checkAbandonedRequestFinishes(store),
  );
});
