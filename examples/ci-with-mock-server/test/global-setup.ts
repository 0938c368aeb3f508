// Starts one `rankquill-mock serve` for the whole suite: a free port, the manual clock (time moves
// only when a test moves it) and an in-memory store. Tests read its addresses with inject('rankquill').
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

/** What the server's ready line says, as the tests use it. */
export interface MockService {
  url: string;
  apiBaseUrl: string;
  contentApiUrl: string;
  apiKey: string;
  projectId: string;
  publicApiKey: string;
}

interface ReadyLine {
  url: string;
  api_base_url: string;
  content_api_url: string;
  demo: { api_key: string; project_id: string; public_api_key: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    rankquill: MockService;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The `rankquill-mock` command of the installed @rankquill/mock-server (what `npx rankquill-mock` runs).
  const manifest = createRequire(import.meta.url).resolve('@rankquill/mock-server/package.json');
  const cli = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin['rankquill-mock']);
  const server = spawn(
    process.execPath,
    [cli, 'serve', '--port', '0', '--clock', 'manual', '--db', ':memory:', '--seed', '42'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Its first line of output is {"event":"ready",...} with the addresses and the demo keys.
  const ready = await new Promise<ReadyLine>((resolve, reject) => {
    createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    server.once('exit', (code) =>
      reject(new Error(`rankquill-mock serve exited with ${code} before it was ready`)),
    );
  });
  project.provide('rankquill', {
    url: ready.url,
    apiBaseUrl: ready.api_base_url,
    contentApiUrl: ready.content_api_url,
    apiKey: ready.demo.api_key,
    projectId: ready.demo.project_id,
    publicApiKey: ready.demo.public_api_key,
  });
  return async () => {
    server.kill('SIGTERM');
    await once(server, 'exit');
  };
}
