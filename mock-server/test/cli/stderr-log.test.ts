import { afterAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';
import { rawRequest } from '../support/raw-http';

const running: CliProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop('SIGKILL')));
});

async function start(args: string[]) {
  const cli = await startCli(['--port', '0', '--db', ':memory:', ...args]);
  running.push(cli);
  return cli;
}

/** Every stderr line of a stopped server, each parsed as JSON (a line that is not JSON fails). */
async function stderrLines(cli: CliProcess): Promise<Array<Record<string, unknown>>> {
  await cli.stop('SIGTERM');
  return cli
    .stderr()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`stderr line is not JSON: ${line}`);
      }
    });
}

describe('serve: logs on stderr', () => {
  it('writes one JSON line per request with --log requests, without the query string', async () => {
    const cli = await start(['--log', 'requests']);
    const { url, demo } = cli.ready;
    const health = await fetch(`${url}/healthz`);
    const projects = await fetch(`${url}/v1/projects?limit=5&offset=0`, {
      headers: { authorization: `Bearer ${demo.api_key}` },
    });
    const unknown = await fetch(`${url}/nowhere?signature=abc`);
    const lines = (await stderrLines(cli)).filter((line) => line.event === 'request');
    expect(lines).toEqual([
      expect.objectContaining({ method: 'GET', path: '/healthz', status: 200 }),
      expect.objectContaining({ method: 'GET', path: '/v1/projects', status: 200 }),
      expect.objectContaining({ method: 'GET', path: '/nowhere', status: 404 }),
    ]);
    const answers = [health, projects, unknown];
    lines.forEach((line, index) => {
      expect(typeof line.ms).toBe('number');
      expect(line.request_id).toBe(answers[index]?.headers.get('x-request-id'));
    });
    expect(JSON.stringify(lines)).not.toContain(demo.api_key);
    expect(JSON.stringify(lines)).not.toContain('signature');
  });

  it('logs a key written in a path by its first 8 characters, and a closed connection with no status', async () => {
    const cli = await start(['--log', 'requests', '--clock', 'manual']);
    const { url, demo } = cli.ready;
    await fetch(`${url}/v1/projects/${demo.api_key}`, {
      headers: { authorization: `Bearer ${demo.api_key}` },
    });
    await fetch(`${url}/public-article-api/${demo.public_api_key}`);
    const fault = await (
      await fetch(`${url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operation: 'projects.list', api_key: demo.api_key, disconnect: 'before' }),
      })
    ).json();
    expect(fault.api_key).toBe('rq_test_…');
    await expect(
      fetch(`${url}/v1/projects`, { headers: { authorization: `Bearer ${demo.api_key}` } }),
    ).rejects.toThrow(TypeError);
    const lines = await stderrLines(cli);
    const requests = lines.filter((line) => line.event === 'request');
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/v1/projects/rq_test_…', status: 404 }),
        expect.objectContaining({ path: `/public-article-api/${demo.public_api_key.slice(0, 8)}…` }),
        expect.objectContaining({ path: '/v1/projects', status: null, aborted: true }),
      ]),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain(demo.api_key.slice(0, 9));
    expect(text).not.toContain(demo.public_api_key.slice(0, 9));
  });

  it('logs no request without --log requests', async () => {
    const cli = await start([]);
    await fetch(`${cli.ready.url}/healthz`);
    expect((await stderrLines(cli)).filter((line) => line.event === 'request')).toEqual([]);
  });

  it('writes one startup line with --log startup: each part ends after the one before it', async () => {
    const cli = await start(['--log', 'startup']);
    const lines = (await stderrLines(cli)).filter((line) => line.event === 'startup');
    expect(lines).toHaveLength(1);
    const parts = ['code_loaded_ms', 'store_open_ms', 'engine_open_ms', 'listening_ms'];
    const times = parts.map((part) => lines[0]?.[part]);
    for (const time of times) expect(typeof time).toBe('number');
    expect([...(times as number[])].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThan(0);
  });

  it('refuses a --log kind it does not know, naming the ones it takes', async () => {
    await expect(startCli(['--port', '0', '--db', ':memory:', '--log', 'everything'])).rejects.toThrow(
      /--log takes "requests" or "startup", got "everything"/,
    );
  });

  it('answers an absolute-form request target with no deprecation warning', async () => {
    const cli = await start(['--log', 'requests']);
    const { statusLine } = await rawRequest(cli.ready.url, 'GET http://api.example.com/healthz');
    expect(statusLine).toBe('HTTP/1.1 200 OK');
    const lines = await stderrLines(cli);
    expect(lines.filter((line) => line.event === 'warning')).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'request', path: '/healthz', status: 200 }),
    );
  });

  it('writes the open-admin warning of a non-loopback host as a JSON line', async () => {
    const cli = await start(['--host', '0.0.0.0']);
    expect(await stderrLines(cli)).toContainEqual(
      expect.objectContaining({
        event: 'warning',
        message: expect.stringContaining('/__admin routes are open'),
      }),
    );
  });
});
