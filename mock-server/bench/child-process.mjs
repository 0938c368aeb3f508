// The processes a bench starts: a Node script whose first line on stdout is a JSON ready line
// (`rankquill-mock serve`, the bare baseline server), and their stop.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI, `rankquill-mock`. */
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/**
 * Starts `node <script> ...args` and resolves once it printed its ready line: the child, that line
 * parsed, the milliseconds it took, and its stderr so far (`stderr()`). Its stderr goes on to this
 * process's, or to `onStderr` when given.
 *
 * @example
 * const bare = await startProcess('bench/bare-server.mjs', ['body.json']);
 * await stopProcess(bare.child);
 */
export function startProcess(script, args, { onStderr } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
    if (onStderr) onStderr(String(chunk));
    else process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) {
        const ms = performance.now() - started;
        resolve({ child, ready: JSON.parse(out.split('\n')[0]), ms, stderr: () => errors });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${errors.trim()}`)));
  });
}

/**
 * `rankquill-mock serve ...args` from the build, as `startProcess`.
 *
 * @example
 * const server = await startServe(['--port', '0', '--db', ':memory:']);
 * console.log(server.ready.url);
 * await stopProcess(server.child);
 */
export function startServe(args, options) {
  return startProcess(CLI, ['serve', ...args], options);
}

/** Stops a child with SIGTERM (a server drains first) and resolves once it exited. */
export async function stopProcess(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
