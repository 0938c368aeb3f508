import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_PATH, type ReadyLine, startCli } from '../support/cli-process';

/** A parent process that starts `rankquill-mock serve` as the test helpers do: stdin a pipe it holds. */
const PARENT = `
const { spawn } = require('node:child_process');
const server = spawn(process.execPath, process.argv.slice(1), { stdio: ['pipe', 'inherit', 'inherit'] });
process.stdout.write(JSON.stringify({ pid: server.pid }) + '\\n');
setInterval(() => {}, 60_000);
`;

interface Started {
  parent: ChildProcess;
  serverPid: number;
  ready: ReadyLine;
}

const parents: ChildProcess[] = [];
const servers: number[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
  for (const pid of servers.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/** Starts the parent, which starts the server with `args`; answers once the server is ready. */
async function startThroughParent(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const parent = spawn(process.execPath, ['-e', PARENT, CLI_PATH, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  parents.push(parent);
  const lines: string[] = [];
  let buffered = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready line in 10 s')), 10_000);
    parent.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length >= 2) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const { pid } = JSON.parse(lines[0] ?? '{}') as { pid: number };
  servers.push(pid);
  return { parent, serverPid: pid, ready: JSON.parse(lines[1] ?? '{}') as ReadyLine };
}

/** Whether a process is there and not a zombie (an orphan's exit is reaped by whoever adopts it). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
}

/** Waits up to `ms` for the process to be gone; answers whether it went. */
async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}

const MEMORY = ['--port', '0', '--db', ':memory:'];

describe('rankquill-mock serve --exit-on-stdin-close', () => {
  it.each([
    ['the flag', [...MEMORY, '--exit-on-stdin-close'], {}],
    ['RANKQUILL_EXIT_ON_STDIN_CLOSE=1', MEMORY, { RANKQUILL_EXIT_ON_STDIN_CLOSE: '1' }],
  ])(
    'with %s, shuts down by itself when the process that started it is killed with SIGKILL',
    async (_, args, env) => {
      const { parent, serverPid, ready } = await startThroughParent(args, env);
      expect(await answers(ready.url)).toBe(true);
      parent.kill('SIGKILL');
      expect(await exitsWithin(serverPid, 5000)).toBe(true);
      expect(await answers(ready.url)).toBe(false);
    },
  );

  it('is what ends it: without the flag, the server outlives its killed parent', async () => {
    const { parent, serverPid, ready } = await startThroughParent(['--port', '0', '--db', ':memory:']);
    parent.kill('SIGKILL');
    expect(await exitsWithin(serverPid, 1500)).toBe(false);
    expect(await answers(ready.url)).toBe(true);
  });

  it('warns and keeps serving when standard input is not a pipe', async () => {
    // startCli gives the server /dev/null as stdin: its end says nothing about the parent.
    const cli = await startCli(['--port', '0', '--db', ':memory:', '--exit-on-stdin-close']);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await answers(cli.ready.url)).toBe(true);
      expect(cli.stderr()).toContain('--exit-on-stdin-close: standard input is not a pipe');
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });
});
