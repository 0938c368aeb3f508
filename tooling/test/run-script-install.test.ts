import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const packageManager = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).packageManager as string;

/**
 * A workspace of its own with the repository's run.sh and toolchain.sh and one local dependency
 * (so pnpm records a store path and needs no network), installed once from store A.
 */
const dir = mkdtempSync(join(tmpdir(), 'rankquill-install-'));
const stores = { a: join(dir, 'store-a'), b: join(dir, 'store-b') };
const project = join(dir, 'project');

function run(command: string, args: string[], env: Record<string, string | undefined>) {
  const environment: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete environment[name];
  // stdin is not a terminal: what CI and a piped call give pnpm.
  return spawnSync(command, args, { cwd: project, env: environment, encoding: 'utf8', stdio: 'pipe' });
}

function storeOfModules(): string {
  const modules = readFileSync(join(project, 'node_modules/.modules.yaml'), 'utf8');
  return /"storeDir": "([^"]+)"/.exec(modules)?.[1] ?? '';
}

beforeAll(() => {
  mkdirSync(join(project, 'scripts'), { recursive: true });
  mkdirSync(join(project, 'dep'));
  for (const script of ['run.sh', 'toolchain.sh']) {
    copyFileSync(join(repo, 'scripts', script), join(project, 'scripts', script));
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'fixture', private: true, packageManager, dependencies: { dep: 'file:./dep' } }),
  );
  writeFileSync(join(project, 'dep/package.json'), JSON.stringify({ name: 'dep', version: '1.0.0' }));
  const first = run('pnpm', ['install', '--store-dir', stores.a], {});
  expect(first.status, first.stderr).toBe(0);
  expect(storeOfModules()).toContain(stores.a);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/run.sh install step', () => {
  it('reinstalls without a TTY when node_modules came from another store, with CI unset or CI=true', () => {
    const plain = run('bash', ['scripts/run.sh', 'install'], {
      CI: undefined,
      npm_config_store_dir: stores.b,
    });
    expect(plain.stderr).not.toContain('ERR_PNPM_ABORTED_REMOVE_MODULES_DIR_NO_TTY');
    expect(plain.status, plain.stderr).toBe(0);
    expect(storeOfModules()).toContain(stores.b);

    const ci = run('bash', ['scripts/run.sh', 'install'], { CI: 'true', npm_config_store_dir: stores.a });
    expect(ci.status, ci.stderr).toBe(0);
    expect(storeOfModules()).toContain(stores.a);
  });
});
