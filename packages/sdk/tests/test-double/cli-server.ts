import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RequestJournalEntry } from '@rankquill/contract';
import type { Harness } from './harness';

const CLI = fileURLToPath(new URL('../../../../mock-server/dist/cli.js', import.meta.url));

/**
 * `rankquill-mock serve` on a free port, in its own process, driven only over its admin routes
 * (`/__admin/accounts`, `/__admin/faults`, `/__admin/requests`): what a helper in another
 * language does. Stopped by `close()`.
 */
export async function startCliServer(): Promise<Harness> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`pnpm build\` first`);
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--db', ':memory:', '--clock', 'manual'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await readyUrl(child);
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return account(url, close);
}

async function account(url: string, close: () => Promise<void>): Promise<Harness> {
  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { api_key: apiKey } = await admin<{ api_key: string }>('POST', '/__admin/accounts', {
    plan: 'agencies',
  });
  const project = await fetch(`${url}/v1/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'CLI test project', domain: 'cli-test.example' }),
  }).then((response) => response.json() as Promise<{ id: string }>);
  const fault = (operation: string, action: object, times?: number | null) =>
    admin('POST', '/__admin/faults', {
      operation,
      api_key: apiKey,
      ...action,
      ...(times === undefined ? {} : { times }),
    });
  return {
    baseUrl: `${url}/v1`,
    apiKey,
    projectId: project.id,
    fail: (operation, status, { times, headers } = {}) =>
      fault(operation, { status, ...(headers ? { headers } : {}) }, times),
    delay: (operation, ms, { times } = {}) => fault(operation, { delay_ms: ms }, times),
    disconnect: (operation, { afterCommit = true, times } = {}) =>
      fault(operation, { disconnect: afterCommit ? 'after' : 'before' }, times),
    async requests({ operation } = {}) {
      const query = new URLSearchParams({
        api_key: apiKey,
        limit: '100',
        ...(operation ? { operation } : {}),
      });
      return (await admin<{ data: RequestJournalEntry[] }>('GET', `/__admin/requests?${query}`)).data;
    },
    freshAccount: () => account(url, close),
    close,
  };
}

function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve((JSON.parse(out.slice(0, newline)) as { url: string }).url);
    });
    child.once('exit', (code) =>
      reject(new Error(`rankquill-mock serve exited with ${code} before its ready line`)),
    );
  });
}
