import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, expectedOutput, missingOutput, runSnippet } from '../../scripts/readme-snippet.mjs';
import {
  npmEnv as env,
  installIntoProject,
  packPackages,
  publishedPackages,
  repo,
  type WorkspacePackage,
} from '../support/packed-packages';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'rankquill-as-a-user-'));
/** A project of its own, outside the workspace, as a user starts one. */
const app = join(dir, 'app');

let published: WorkspacePackage[] = [];
let server: ChildProcess | undefined;

beforeAll(async () => {
  published = await publishedPackages();
  await installIntoProject(app, await packPackages(published, join(dir, 'tarballs')));
}, 300_000);

afterAll(() => {
  // npx runs the bin in a child of its own: end the whole group it leads.
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `npx rankquill-mock serve ...` in the app and answers its ready line. */
function startMock(args: string[]): Promise<{ api_base_url: string; demo: { api_key: string } }> {
  server = spawn('npx', ['--no-install', 'rankquill-mock', 'serve', ...args], {
    cwd: app,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  server.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    server?.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const newline = stdout.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(stdout.slice(0, newline)));
    });
    server?.once('exit', (code) => reject(new Error(`npx rankquill-mock exited with ${code}: ${stderr}`)));
  });
}

describe('the published packages, installed from their tarballs as a user gets them', () => {
  it('packs every published package, and each one loads with import and with require', async () => {
    expect(published.map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining(['@rankquill/sdk', '@rankquill/mock-server', '@rankquill/contract']),
    );
    for (const { name } of published) {
      const load = `import(${JSON.stringify(name)}).then((m) => { require(${JSON.stringify(name)}); console.log(Object.keys(m).length > 0); })`;
      const { stdout } = await run(process.execPath, ['--input-type=commonjs', '-e', load], {
        cwd: app,
        env,
      });
      expect(stdout.trim(), name).toBe('true');
    }
  });

  it('runs `npx rankquill-mock serve --port 0` and the SDK README sample against it', async () => {
    // The README's sample says to start the service with --clock manual.
    const ready = await startMock(['--port', '0', '--clock', 'manual']);
    const readme = readFileSync(join(repo, 'packages/sdk/README.md'), 'utf8');
    const sample = codeSamples(readme).find((block) => block.lang === 'ts');
    if (!sample) throw new Error('packages/sdk/README.md has no ts sample');
    const { printed } = await runSnippet(sample.code, {
      dir: app,
      ext: '.mts',
      env: { RANKQUILL_API_KEY: ready.demo.api_key, RANKQUILL_BASE_URL: ready.api_base_url },
    });
    expect(missingOutput(printed, expectedOutput(sample.code))).toEqual([]);
    expect(printed).toContainEqual(expect.stringMatching(/^cnt_\w+ generating$/));
  });
});
