import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processesOfRun, runSuite, runSuiteInBackground } from '../../scripts/leftover-processes.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rankquill-leftovers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Node code that starts a detached, never-ending process tagged `token`, and exits at once. */
function planter(token: string): string {
  const sleeper = `setInterval(() => {}, 1000); // ${token}`;
  return `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(sleeper)}], { detached: true, stdio: 'ignore' }).unref();`;
}

function running(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return false;
  return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
}

describe.runIf(existsSync('/proc/self/environ'))('the leftover-process check of scripts/test.mjs', () => {
  it('reports a process a suite left behind, with its command line, and kills it', () => {
    const runId = `test-${process.pid}-planted`;
    const { result, leftovers } = runSuite(runId, process.execPath, ['-e', planter('planted-leftover')], {
      stdio: 'ignore',
    });
    expect(result.status).toBe(0);
    expect(leftovers).toHaveLength(1);
    const [planted] = leftovers;
    expect(planted?.command).toContain('planted-leftover');
    expect(running(planted?.pid ?? 0)).toBe(false);
    expect(processesOfRun(runId)).toEqual([]);
  });

  it('charges suites run side by side each with their own leftovers, and keeps their output', async () => {
    const [planted, clean] = await Promise.all([
      runSuiteInBackground(
        `test-${process.pid}-side-a`,
        process.execPath,
        ['-e', `${planter('side-a')} console.log('a ran')`],
        join(dir, 'a.log'),
      ),
      runSuiteInBackground(
        `test-${process.pid}-side-b`,
        process.execPath,
        ['-e', 'process.exit(3)'],
        join(dir, 'b.log'),
      ),
    ]);
    expect(planted.status).toBe(0);
    expect(planted.leftovers.map(({ command }) => command.includes('side-a'))).toEqual([true]);
    expect(running(planted.leftovers[0]?.pid ?? 0)).toBe(false);
    expect(readFileSync(join(dir, 'a.log'), 'utf8')).toBe('a ran\n');
    expect(clean).toEqual({ status: 3, leftovers: [] });
  });

  it('reports nothing for a suite that stops what it starts, nor for processes of another run', () => {
    const other = spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 50)'], { stdio: 'ignore' });
    expect(other.status).toBe(0);
    const { leftovers } = runSuite(`test-${process.pid}-clean`, process.execPath, ['-e', '1'], {
      stdio: 'ignore',
    });
    expect(leftovers).toEqual([]);
  });

  it('makes test.mjs fail the run, counting each leftover as a failed test', () => {
    // test.mjs with a vitest filter runs only `pnpm exec vitest ...`: a `pnpm` of this test's
    // own on PATH writes a report of one passed test and leaves a process behind.
    const project = join(dir, 'project');
    mkdirSync(join(project, 'scripts'), { recursive: true });
    mkdirSync(join(project, 'bin'));
    for (const script of ['test.mjs', 'leftover-processes.mjs']) {
      copyFileSync(join(repo, 'scripts', script), join(project, 'scripts', script));
    }
    const report = JSON.stringify({
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
    });
    writeFileSync(
      join(project, 'bin/pnpm'),
      `#!/bin/sh\nprintf '%s' '${report}' > .test-results/vitest.json\nexec "${process.execPath}" -e "${planter('pnpm-leftover').replaceAll('"', '\\"')}"\n`,
    );
    chmodSync(join(project, 'bin/pnpm'), 0o755);
    const run = spawnSync(process.execPath, ['scripts/test.mjs', 'some-filter'], {
      cwd: project,
      env: { ...process.env, PATH: `${join(project, 'bin')}:${process.env.PATH}` },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/typescript: 1 process\(es\) started by the run outlived it/);
    const pid = Number(/pid (\d+): .*pnpm-leftover/.exec(run.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(running(pid)).toBe(false);
    expect(run.stdout).toContain('tests: 1 passed, 1 failed');
  });
});
