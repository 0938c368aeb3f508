import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';
import { freshDatabase } from '../support/postgres-database';

const running: CliProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop('SIGKILL')));
});

async function start(args: string[], env: Record<string, string> = {}) {
  const cli = await startCli(['--port', '0', '--clock', 'manual', ...args], 'serve', env);
  running.push(cli);
  return cli;
}

const PASSWORD = 'pw-that-must-not-leak';
let url: string;
let shown: string;

beforeAll(async () => {
  const plain = await freshDatabase('serve');
  // The throwaway cluster trusts loopback, so any password passes: enough to see where it shows.
  url = plain.replace('rankquill@', `rankquill:${PASSWORD}@`);
  shown = plain;
});

describe('rankquill-mock serve on PostgreSQL', () => {
  it('keeps its data in the database across restarts; --db or RANKQUILL_DATABASE_URL selects it', async () => {
    const first = await start(['--db', url]);
    expect(first.ready).toMatchObject({ db: shown });
    const key = first.ready.demo.api_key;
    const created = await fetch(`${first.ready.api_base_url}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', domain: 'kept.example' }),
    });
    expect(created.status).toBe(201);
    const project = (await created.json()) as { id: string };
    expect(await first.stop()).toBe(0);

    const second = await start([], { RANKQUILL_DATABASE_URL: url });
    expect(second.ready).toMatchObject({ db: shown });
    expect(second.ready.demo.api_key).toBe(key);
    const fetched = await fetch(`${second.ready.api_base_url}/projects/${project.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toMatchObject({ id: project.id, name: 'Kept' });
    for (const cli of [first, second]) expect(cli.stderr()).not.toContain(PASSWORD);
  });

  it('exits with a message that names the database, without its password, when it cannot connect', async () => {
    const closed = url.replace(/:(\d+)\//, ':1/');
    const failed = startCli(['--port', '0', '--db', closed]);
    const error = await failed.then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(error).toMatch(/exited with 1 before ready/);
    expect(error).toContain('cannot open the PostgreSQL database postgres://rankquill@127.0.0.1:1/');
    expect(error).toContain('ECONNREFUSED');
    expect(error).not.toContain(PASSWORD);
  });
});
