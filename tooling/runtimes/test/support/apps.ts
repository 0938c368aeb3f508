// Starts the app (tooling/runtimes/app) in each runtime of the matrix, and runs README samples
// with each runtime that runs scripts.
import { join } from 'node:path';
import { runSnippet } from '../../../../scripts/readme-snippet.mjs';
import type { SampleRunner } from './checks';
import type { MatrixPackage } from './matrix';
import { firstJsonLine, type Listening, matrixEnv, startListening } from './processes';

const urlLine = ({ stdout }: { stdout: string }) => firstJsonLine<{ url: string }>(stdout)?.url;

/** Node, with the packages loaded by `import` (esm) or `require` (cjs). */
export function startNodeApp(
  project: string,
  node: string,
  format: 'esm' | 'cjs',
  packages: readonly MatrixPackage[],
): Promise<Listening> {
  const entry = format === 'esm' ? 'node-esm.mjs' : 'node-cjs.cjs';
  return startListening(node, [join(project, entry)], {
    cwd: project,
    env: matrixEnv({ RUNTIME_PACKAGES: packages.join(',') }),
    readUrl: urlLine,
  });
}

const DENO_ENV = { DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };

/** Deno with network access only: no --allow-env, so every read of the environment is refused. */
export function startDenoApp(project: string, deno: string): Promise<Listening> {
  return startListening(deno, ['run', '--allow-net', 'deno.mjs'], {
    cwd: project,
    env: matrixEnv(DENO_ENV),
    readUrl: urlLine,
  });
}

export function startBunApp(project: string, bun: string): Promise<Listening> {
  return startListening(bun, ['bun.mjs'], { cwd: project, env: matrixEnv(), readUrl: urlLine });
}

/** workerd through `wrangler dev` (local), as wrangler.toml configures it: no nodejs_compat. */
export function startWorkerdApp(project: string, node: string, tools: string): Promise<Listening> {
  const wrangler = join(tools, 'wrangler', 'bin', 'wrangler.js');
  return startListening(
    node,
    [wrangler, 'dev', '--ip', '127.0.0.1', '--port', '0', '--minify', '--show-interactive-dev-session=false'],
    {
      cwd: project,
      env: matrixEnv({
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_LOG_PATH: join(project, '.wrangler-logs'),
        XDG_CONFIG_HOME: join(project, '.config'),
        NO_COLOR: '1',
      }),
      readUrl: ({ stdout, stderr }) => /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout + stderr)?.[1],
    },
  );
}

export function startEdgeApp(project: string, node: string, tools: string): Promise<Listening> {
  return startListening(node, [join(project, 'edge-server.mjs'), tools], {
    cwd: project,
    env: matrixEnv(),
    readUrl: urlLine,
  });
}

/** Runs a README sample with `command args <file>` in the project. */
export function sampleRunner(project: string, command: string, args: string[], ext: string): SampleRunner {
  return (code, env) =>
    runSnippet(code, { dir: project, ext, env: { ...matrixEnv(), ...env }, command, args, timeout: 60_000 });
}

export const DENO_SAMPLE_ARGS = ['run', '--allow-net', '--allow-env', '--allow-read'];
export { DENO_ENV };
