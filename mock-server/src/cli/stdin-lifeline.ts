import { fstatSync } from 'node:fs';

/**
 * Calls `stop` once standard input, a pipe, reaches its end. The process holding the pipe's
 * other end (a test helper that started the server) closes it by exiting, however it exits:
 * the kernel closes a killed process's descriptors too, so a SIGKILL'd parent still ends its
 * server. Answers false, and watches nothing, when standard input is not a pipe (a terminal,
 * `/dev/null`), where an end would say nothing about the parent.
 *
 * @example
 * if (!stopWhenStdinCloses(stop)) log({ event: 'warning', message: 'stdin is not a pipe' });
 */
export function stopWhenStdinCloses(stop: () => void): boolean {
  if (!stdinIsPipe()) return false;
  const stdin = process.stdin;
  // Whatever a parent writes is read and dropped: only the end counts.
  stdin.on('data', () => {});
  stdin.once('end', stop);
  // A broken pipe ends it too; the error needs a listener or it would crash the server.
  stdin.once('error', stop);
  stdin.resume();
  return true;
}

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    // Node's and libuv's own 'pipe' stdio is a socket pair; Python's, PHP's and Ruby's a FIFO.
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
