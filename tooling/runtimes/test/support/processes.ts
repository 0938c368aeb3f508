// Processes of the matrix (the mock server, each runtime's app): started in a process group of
// their own, so that stopping one ends whatever it started (wrangler's workerd, npx's child).
import { type ChildProcess, spawn } from 'node:child_process';

/** A started process that printed the address it listens on. */
export interface Listening {
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Reads the address from what was printed so far; `undefined` until it is there. */
  readUrl(printed: { stdout: string; stderr: string }): string | undefined;
  timeoutMs?: number;
}

/** Starts `command args` and resolves once `readUrl` finds the address it listens on. */
export function startListening(command: string, args: string[], options: StartOptions): Promise<Listening> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = { stdout: '', stderr: '' };
  const listening: Omit<Listening, 'url'> = {
    output: () => ({ ...printed }),
    stop: () => stopGroup(child),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopGroup(child);
      reject(new Error(`${command} ${args.join(' ')} printed no address in time:\n${describe(printed)}`));
    }, options.timeoutMs ?? 120_000);
    const look = () => {
      const url = options.readUrl(printed);
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, ...listening });
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      printed.stdout += chunk.toString();
      look();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      printed.stderr += chunk.toString();
      look();
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${command} ${args.join(' ')} exited (${code ?? signal}) before it listened:\n${describe(printed)}`,
        ),
      );
    });
  });
}

function describe(printed: { stdout: string; stderr: string }): string {
  return `stdout: ${printed.stdout.slice(-4000)}\nstderr: ${printed.stderr.slice(-4000)}`;
}

/** SIGTERM to the process group, SIGKILL to what is left after 5 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child.pid, 'SIGTERM');
  const late = setTimeout(() => signalGroup(child.pid as number, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(late);
  // What the process started may outlive it (wrangler's workerd): end the rest of its group.
  signalGroup(child.pid, 'SIGKILL');
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * The environment of a process of the matrix: this one's, without the RANKQUILL_* settings a
 * developer may have exported (a key would hide a "No API key" check), but with the run marker
 * that scripts/leftover-processes.mjs looks for, plus `extra`.
 */
export function matrixEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('RANKQUILL_') || name === 'RANKQUILL_TEST_RUN') env[name] = value;
  }
  return { ...env, ...extra };
}

/** The first line of stdout, parsed as JSON, once it is complete. */
export function firstJsonLine<T>(stdout: string): T | undefined {
  const newline = stdout.indexOf('\n');
  return newline === -1 ? undefined : (JSON.parse(stdout.slice(0, newline)) as T);
}
