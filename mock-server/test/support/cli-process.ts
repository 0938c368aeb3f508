import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI_PATH = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface ReadyLine {
  event: 'ready';
  url: string;
  api_base_url: string;
  content_api_url: string;
  demo: { api_key: string; project_id: string; public_api_key: string };
}

export interface CliProcess {
  child: ChildProcess;
  ready: ReadyLine;
  /** Milliseconds from spawn to the ready line. */
  startupMs: number;
  stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `rankquill-mock <command>` (default `serve`) from the built CLI and waits for its ready
 * line; `env` adds to (or, with `undefined`, removes from) this process's environment.
 */
export async function startCli(
  args: string[],
  command = 'serve',
  env: Record<string, string | undefined> = {},
): Promise<CliProcess> {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run \`pnpm build\` first`);
  const started = performance.now();
  const environment = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete environment[name];
  const child = spawn(process.execPath, [CLI_PATH, command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: environment,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<ReadyLine>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`no ready line in 30 s; stderr: ${stderr}`)), 30_000);
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const newline = stdout.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(JSON.parse(stdout.slice(0, newline)));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready; stderr: ${stderr}`));
    });
  });
  const startupMs = performance.now() - started;
  return {
    child,
    ready,
    startupMs,
    stderr: () => stderr,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
