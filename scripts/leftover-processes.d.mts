import type { SpawnSyncOptions, SpawnSyncReturns } from 'node:child_process';

/** The environment variable naming the test run every suite's processes inherit. */
export const RUN_MARKER: string;

/** A process found by its run marker. */
export interface RunProcess {
  pid: number;
  /** Its command line, arguments joined with spaces. */
  command: string;
}

/** A fresh run id. */
export function newRunId(): string;

/** The running processes whose environment carries the run's marker (none off Linux). */
export function processesOfRun(runId: string): RunProcess[];

/** SIGTERM, then SIGKILL to what is still there after `graceMs`. */
export function stopProcesses(processes: RunProcess[], graceMs?: number): void;

/** Runs one suite with the run's marker, then answers (and stops) the processes it left behind. */
export function runSuite(
  runId: string,
  command: string,
  args: string[],
  options?: SpawnSyncOptions,
): { result: SpawnSyncReturns<string | Buffer>; leftovers: RunProcess[] };

/** `runSuite` in the background, its output in `logFile`: for suites run side by side. */
export function runSuiteInBackground(
  runId: string,
  command: string,
  args: string[],
  logFile: string,
): Promise<{ status: number; leftovers: RunProcess[] }>;

/** The report of a suite's leftovers, one line per process. */
export function describeLeftovers(suite: string, leftovers: RunProcess[]): string;
