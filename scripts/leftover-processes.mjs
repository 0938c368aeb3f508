// Finds the processes a test run started that outlived it (a `php -S` and its workers, a
// reference server, a browser): scripts/test.mjs gives every suite an environment variable that
// names the run, children inherit it even once orphaned or in a session of their own, and after
// each suite any process still carrying it (and not running before the suite) is a leftover:
// printed with its command line, counted as a failed test, and killed.
// Linux only (it reads /proc); elsewhere it finds nothing.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';

export const RUN_MARKER = 'RANKQUILL_TEST_RUN';

/** A fresh run id, put into the environment every suite of the run inherits. */
export function newRunId() {
  return randomUUID();
}

/** Pids of the processes whose environment carries `RANKQUILL_TEST_RUN=<runId>`, with their command lines. */
export function processesOfRun(runId) {
  if (!existsSync('/proc/self/environ')) return [];
  const wanted = `${RUN_MARKER}=${runId}`;
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const environment = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!environment.includes(wanted)) continue;
      // A zombie has no command line and nothing left to stop.
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      if (command !== '') found.push({ pid, command });
    } catch {
      // The process ended while we looked, or belongs to another user.
    }
  }
  return found;
}

/** Sends SIGTERM, then SIGKILL to what is still there after `graceMs`. */
export function stopProcesses(processes, graceMs = 2000) {
  for (const { pid } of processes) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  let alive = processes;
  while (alive.length > 0 && Date.now() < deadline) {
    spawnSync('sleep', ['0.05']);
    alive = alive.filter(({ pid }) => isAlive(pid));
  }
  for (const { pid } of alive) signal(pid, 'SIGKILL');
}

/**
 * Runs one suite (spawnSync arguments) with the run's marker in its environment, then answers
 * the processes it left behind (already stopped) next to spawnSync's result.
 */
export function runSuite(runId, command, args, options = {}) {
  const before = new Set(processesOfRun(runId).map(({ pid }) => pid));
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    ...options,
    env: { ...(options.env ?? process.env), [RUN_MARKER]: runId },
  });
  // Give processes a moment to end on the signals their suite sent them on its way out.
  let leftovers = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    leftovers = processesOfRun(runId).filter(({ pid }) => !before.has(pid));
    if (leftovers.length === 0) break;
    spawnSync('sleep', ['0.1']);
  }
  stopProcesses(leftovers);
  return { result, leftovers };
}

/**
 * Like `runSuite`, but in the background with its output in `logFile`, so that several suites
 * run side by side: resolves to the suite's exit status and the processes it left behind
 * (already stopped). Give each suite a run id of its own, so that each is charged its own.
 */
export function runSuiteInBackground(runId, command, args, logFile) {
  const before = new Set(processesOfRun(runId).map(({ pid }) => pid));
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, {
    stdio: ['ignore', log, log],
    env: { ...process.env, [RUN_MARKER]: runId },
  });
  return new Promise((resolve) => {
    const finish = async (status) => {
      closeSync(log);
      let leftovers = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        leftovers = processesOfRun(runId).filter(({ pid }) => !before.has(pid));
        if (leftovers.length === 0) break;
        await new Promise((wait) => setTimeout(wait, 100));
      }
      stopProcesses(leftovers);
      resolve({ status, leftovers });
    };
    child.once('error', () => finish(127));
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** The report of a suite's leftovers, one line per process. */
export function describeLeftovers(suite, leftovers) {
  return [
    `${suite}: ${leftovers.length} process(es) started by the run outlived it (each counts as a failed test; now killed):`,
    ...leftovers.map(({ pid, command }) => `  pid ${pid}: ${command}`),
  ].join('\n');
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

function isAlive(pid) {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z';
  } catch {
    return false;
  }
}
