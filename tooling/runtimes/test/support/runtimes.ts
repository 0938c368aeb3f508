// Installs the runtimes and tools of the matrix from the npm registry, each into a folder of its
// own under ~/.cache/rankquill/runtimes named after its version, so a second run finds them: Node
// of a given version (the `node` package), Deno (`deno`), Bun (`@oven/bun-linux-*`), and wrangler,
// edge-runtime, esbuild and TypeScript in one tools folder.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { npmEnv } from '../../../support/packed-packages';

const run = promisify(execFile);

export const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rankquill', 'runtimes');

/** The pinned versions of tooling/runtimes/runtimes.json. */
export interface Pins {
  node: { current: string; tooOld: string };
  deno: string;
  bun: string;
  tools: Record<string, string>;
}

export function readPins(): Pins {
  return JSON.parse(readFileSync(new URL('../../runtimes.json', import.meta.url), 'utf8')) as Pins;
}

/**
 * `npm install specs` into `~/.cache/rankquill/runtimes/<name>` unless a finished install is
 * there; answers the folder. An install goes to a folder of its own first and is renamed when
 * complete, so an interrupted one (or one running beside it) never counts as cached.
 */
export async function installCached(name: string, specs: string[]): Promise<string> {
  const dir = join(CACHE, name);
  if (existsSync(join(dir, '.complete'))) return dir;
  const staging = `${dir}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'package.json'), JSON.stringify({ name: 'runtime', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: staging,
    env: npmEnv,
    maxBuffer: 16 * 1024 * 1024,
  });
  writeFileSync(join(staging, '.complete'), specs.join('\n'));
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run finished the same install first: use its folder.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, '.complete'))) throw error;
  }
  return dir;
}

/** Node `version` (exact, or a major such as `24`) from the npm registry; answers its binary. */
export async function installNode(version: string): Promise<string> {
  const dir = await installCached(`node-${version}`, [`node@${version}`]);
  return join(dir, 'node_modules', '.bin', 'node');
}

/** The version a Node binary reports, without the `v`. */
export function nodeVersionOf(bin: string): string {
  return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
}

/**
 * A Node of major `major`: the machine's own when it is one (Debian 12's system Node is 20),
 * else one from the npm registry.
 */
export async function nodeOfMajor(major: string): Promise<string> {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const bin = join(folder, 'node');
    if (folder === '' || !existsSync(bin)) continue;
    try {
      if (nodeVersionOf(bin).split('.')[0] === major) return bin;
    } catch {
      // Not a working Node: look further.
    }
  }
  return installNode(major);
}

export async function installDeno(version: string): Promise<string> {
  const dir = await installCached(`deno-${version}`, [`deno@${version}`]);
  return join(dir, 'node_modules', '.bin', 'deno');
}

export async function installBun(version: string): Promise<string> {
  const arch = process.arch === 'arm64' ? 'aarch64' : 'x64';
  const dir = await installCached(`bun-${version}`, [`@oven/bun-linux-${arch}@${version}`]);
  return join(dir, 'node_modules', '@oven', `bun-linux-${arch}`, 'bin', 'bun');
}

/** wrangler, edge-runtime, esbuild and TypeScript in one folder; answers its node_modules. */
export async function installTools(tools: Record<string, string>): Promise<string> {
  const specs = Object.entries(tools).map(([name, version]) => `${name}@${version}`);
  const hash = createHash('sha256').update(specs.join('\n')).digest('hex').slice(0, 12);
  return join(await installCached(`tools-${hash}`, specs), 'node_modules');
}
