import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import { openEngineStore } from '../../src/runtime/open-store';
import { type RunningServer, startServer } from '../../src/runtime/server';
import type { Row } from '../../src/store/store';

/**
 * What a server's stop must keep on every store, checked through `startServer` on `db`: a
 * request that arrives once the stop has begun is refused with a 503 and runs nothing, and a
 * request whose client left before its answer still runs to its end before the store closes.
 * `durable`: the store outlives the process (SQLite, PostgreSQL), so its rows are read back.
 */
export interface ShutdownCase {
  db: () => Promise<string>;
  durable: boolean;
}

type LogLine = Record<string, unknown>;

async function start(db: string): Promise<{ server: RunningServer; lines: LogLine[]; port: number }> {
  const lines: LogLine[] = [];
  const server = await startServer({
    port: 0,
    db,
    clock: 'manual',
    seed: 7,
    log: (line) => lines.push(line),
  });
  return { server, lines, port: Number(new URL(server.url).port) };
}

/** The rows of `table` in the store at `db`, read by a store of its own. */
async function rowsOf<T>(db: string, table: string): Promise<T[]> {
  const store = await openEngineStore(db);
  try {
    return (await store.find<Row>(table)) as T[];
  } finally {
    await store.close();
  }
}

function open(port: number): Promise<{ socket: Socket; answer: () => string; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, answer: () => answer, ended }));
    socket.once('error', reject);
  });
}

/** The errors a server logged: none is expected from a clean stop. */
function failures(lines: LogLine[]): LogLine[] {
  return lines.filter((line) =>
    ['request_failed', 'job_failed', 'shutdown_cut'].includes(String(line.event)),
  );
}

/**
 * A request whose head is still arriving when the stop begins is answered 503 with
 * `Connection: close`, in the API's error format, and creates nothing.
 */
export async function checkLateRequestRefused({ db, durable }: ShutdownCase): Promise<void> {
  const url = await db();
  const { server, lines, port } = await start(url);
  const connection = await open(port);
  const body = JSON.stringify({ name: 'Arrived late', domain: 'late.example' });
  connection.socket.write(`POST /v1/projects HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = server.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  connection.socket.write(
    `Content-Type: application/json\r\nAuthorization: Bearer ${server.demo.api_key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await connection.ended;
  await closed;
  const answer = connection.answer();
  expect(answer).toMatch(/^HTTP\/1\.1 503 /);
  expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
  const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  expect(json.error).toMatchObject({ type: 'api_error', message: expect.stringMatching(/shutting down/) });
  expect(failures(lines)).toEqual([]);
  if (durable) {
    const projects = await rowsOf<{ name: string }>(url, 'projects');
    expect(projects.map((project) => project.name)).not.toContain('Arrived late');
  }
}

/**
 * A long request whose client leaves while it runs: `POST /__admin/reset` empties the store and
 * seeds the demo data again, dozens of transactions. The stop waits for its work, so nothing
 * fails on a closed store and, on a durable store, the reset is whole after the stop: the
 * project made before it is gone and the demo data is marked seeded.
 */
export async function checkAbandonedRequestFinishes({ db, durable }: ShutdownCase): Promise<void> {
  const url = await db();
  const { server, lines, port } = await start(url);
  const account = await server.engine.accounts.authenticate(server.demo.api_key);
  await server.engine.projects.create(account, { name: 'Before the reset', domain: 'before.example' });
  const names = async () =>
    (await server.engine.projects.list(account, { limit: 100 })).data.map((project) => project.name);
  expect(await names()).toContain('Before the reset');
  const connection = await open(port);
  connection.socket.write(
    `POST /__admin/reset HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  );
  // The reset is under way once the store was emptied; the demo data is being seeded again.
  while ((await names()).includes('Before the reset')) await new Promise((resolve) => setTimeout(resolve, 1));
  connection.socket.destroy();
  // The server sees the connection end before it is told to stop, as when a load test ends.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await server.close();
  // Work that outlived the stop would fail on the closed store about now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(failures(lines)).toEqual([]);
  if (durable) {
    const projects = await rowsOf<{ name: string }>(url, 'projects');
    expect(projects.map((project) => project.name)).not.toContain('Before the reset');
    const meta = (await rowsOf<{ id: string }>(url, 'meta')).map((row) => row.id);
    expect(meta).toContain('demo');
    expect(meta).not.toContain('demo_seeding');
  }
}
