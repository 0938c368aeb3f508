import { afterAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';
import { adminQuery, freshDatabase } from '../support/postgres-database';

// Issue 29, finding 4 (b): wrong main API keys throttled per client address on PostgreSQL too,
// counted once for every server on the database.
const LIMIT = 6;

const running: CliProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop('SIGKILL')));
});

async function status(cli: CliProcess, key: string): Promise<{ status: number; retryAfter: string | null }> {
  const answer = await fetch(`${cli.ready.api_base_url}/projects`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await answer.arrayBuffer();
  return { status: answer.status, retryAfter: answer.headers.get('retry-after') };
}

describe('two servers on one PostgreSQL database', () => {
  it('share the count of wrong keys: the address is stopped on both, the right key too, and a right key writes nothing', async () => {
    const url = await freshDatabase('failed_auth');
    const start = () =>
      startCli(['--port', '0', '--db', url, '--failed-auth-limit', String(LIMIT)], 'serve', {
        RANKQUILL_FAILED_AUTH_LIMIT: undefined,
      });
    const [first, second] = await Promise.all([start(), start()]);
    running.push(first, second);
    const key = first.ready.demo.api_key;

    for (let i = 0; i < 5; i++) expect((await status(i % 2 ? second : first, key)).status).toBe(200);
    const rows = await adminQuery('SELECT count(*)::int AS n FROM sign_in_attempts', url);
    expect(rows.rows[0].n).toBe(0);

    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await status(i % 2 ? second : first, `rq_test_x${i}`)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    for (const server of [first, second]) {
      const refused = await status(server, key);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }
  });
});
