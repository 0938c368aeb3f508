// The published packages as a user gets them: packed with `pnpm pack` (what `npm publish` would
// upload) and installed with npm into a project outside the workspace. Used by the install test
// (tooling/test/install-as-a-user.test.ts) and the runtime matrix (tooling/runtimes).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root folder. */
export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** npm and npx run on this Node, whatever Node comes first on the machine's PATH. */
export const npmEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
};

export interface WorkspacePackage {
  name: string;
  path: string;
  private?: boolean;
}

/** Every package of the workspace that is published (not private). */
export async function publishedPackages(): Promise<WorkspacePackage[]> {
  const { stdout } = await run('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: repo, env: npmEnv });
  return (JSON.parse(stdout) as WorkspacePackage[]).filter((pkg) => !pkg.private);
}

/**
 * Packs each package into `destination` and answers the tarballs' paths. Throws when a package
 * that publishes `dist` has not been built.
 */
export async function packPackages(packages: WorkspacePackage[], destination: string): Promise<string[]> {
  mkdirSync(destination, { recursive: true });
  await Promise.all(
    packages.map(async (pkg) => {
      const manifest = JSON.parse(readFileSync(join(pkg.path, 'package.json'), 'utf8'));
      if ((manifest.files as string[] | undefined)?.includes('dist') && !existsSync(join(pkg.path, 'dist'))) {
        throw new Error(`${pkg.name} is not built: run \`pnpm build\` first`);
      }
      await run('pnpm', ['pack', '--pack-destination', destination], { cwd: pkg.path, env: npmEnv });
    }),
  );
  return readdirSync(destination)
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => join(destination, file));
}

/**
 * Makes `dir` a project of its own (`package.json`, an ES module project) and installs the
 * tarballs into it with npm, as a user installs packages from the registry.
 */
export async function installIntoProject(dir: string, tarballs: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline', ...tarballs],
    {
      cwd: dir,
      env: npmEnv,
    },
  );
}
