// Runs every test of every language once and ends with one plain line, "tests: N passed, N failed",
// so a reader (or CI) sees the count without parsing each runner's own summary.
// TypeScript: every vitest project. Python, PHP, Ruby: each package's `scripts/ci-test.sh`, which
// installs what its language needs, runs its linters and tests, and writes
// `.test-results/<language>.json` as {"passed": N, "failed": N, "skipped": N}. The runtime matrix
// (`tooling/runtimes/run.mjs`: the packed TypeScript packages on every runtime they name) and the
// generators suite (`tooling/generators/run.mjs`: Go and Java clients generated from the served
// OpenAPI document run the main flow) write `.test-results/<suite>.json` the same way. Fuzzing:
// `fuzz/run.mjs`, likewise. So does the documentation site's (`docs/site/test/run.mjs`: `pnpm
// docs:build`, then the site in Chromium).
// The Python, PHP, Ruby, runtime, generator and docs-site suites wait mostly on their servers,
// downloads, compilers and browser, so they run side by side, each with its output in
// `.test-results/<suite>.log`, printed whole when it ends; the runtime and generator suites start
// with the TypeScript tests, the others once those end.
// After each suite, every process the suite started that is still running (a server, `php -S`,
// a browser) is printed with its command line, counted as a failed test, and killed
// (scripts/leftover-processes.mjs).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { describeLeftovers, newRunId, runSuite, runSuiteInBackground } from './leftover-processes.mjs';

/** The suites that run side by side: a name, the script that runs it, and whether it starts with the TypeScript tests. */
const SIDE_BY_SIDE_SUITES = [
  ...['python', 'php', 'ruby'].map((language) => ({
    name: language,
    command: 'bash',
    script: `packages/${language}/scripts/ci-test.sh`,
  })),
  // These two wait longest on downloads and compilers, and share no file with the TypeScript
  // tests, so they start before them: their network waits fill the vitest run's gaps.
  { name: 'runtimes', command: process.execPath, script: 'tooling/runtimes/run.mjs', early: true },
  { name: 'generators', command: process.execPath, script: 'tooling/generators/run.mjs', early: true },
  { name: 'docs-site', command: process.execPath, script: 'docs/site/test/run.mjs' },
];

mkdirSync('.test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const runId = newRunId();

// Extra vitest arguments select TypeScript tests only; the other languages run on a full run.
const fullRun = process.argv.length <= 2;
const sideBySide = fullRun ? SIDE_BY_SIDE_SUITES.filter((suite) => existsSync(suite.script)) : [];
const early = sideBySide.filter((suite) => suite.early);
if (early.length > 0)
  console.log(`\n== ${early.map((suite) => suite.name).join(', ')}: started beside vitest ==`);
const earlyRuns = early.map(runSideBySide);

const vitestReport = '.test-results/vitest.json';
rmSync(vitestReport, { force: true });
const vitest = runChecked('typescript', 'pnpm', [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
  ...process.argv.slice(2),
]);
addCounts('typescript', vitest.status, () => {
  const result = JSON.parse(readFileSync(vitestReport, 'utf8'));
  return {
    passed: result.numPassedTests,
    failed: result.numFailedTests,
    skipped: result.numPendingTests + result.numTodoTests,
  };
});

if (fullRun) {
  const late = sideBySide.filter((suite) => !suite.early);
  console.log(`\n== ${late.map((suite) => suite.name).join(', ')}, side by side ==`);
  await Promise.all([...earlyRuns, ...late.map(runSideBySide)]);
  // Schemathesis against a fresh server and receiver, about two minutes; one test per operation.
  console.log('\n== fuzz ==');
  rmSync('.test-results/fuzz.json', { force: true });
  const fuzz = runChecked('fuzz', process.execPath, ['fuzz/run.mjs']);
  addCounts('fuzz', fuzz.status, () => JSON.parse(readFileSync('.test-results/fuzz.json', 'utf8')));
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
if (failures.length > 0) console.log(`failing suites: ${failures.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failures.length > 0 ? 1 : 0);

/** Starts a suite in the background; when it ends, prints its log, counts it and its leftovers. */
async function runSideBySide({ name, command, script }) {
  const report = `.test-results/${name}.json`;
  const log = `.test-results/${name}.log`;
  rmSync(report, { force: true });
  const started = Date.now();
  const { status, leftovers } = await runSuiteInBackground(`${runId}-${name}`, command, [script], log);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n== ${name} (exit ${status}, ${seconds} s) ==\n${readFileSync(log, 'utf8')}`);
  chargeLeftovers(name, leftovers);
  addCounts(name, status, () => JSON.parse(readFileSync(report, 'utf8')));
}

/** Runs a suite, then reports, counts and kills the processes it left behind. */
function runChecked(suite, command, args) {
  const { result, leftovers } = runSuite(runId, command, args);
  chargeLeftovers(suite, leftovers);
  return result;
}

function chargeLeftovers(suite, leftovers) {
  if (leftovers.length === 0) return;
  console.log(`\n${describeLeftovers(suite, leftovers)}`);
  totals.failed += leftovers.length;
  failures.push(`${suite} (leftover processes)`);
}

function addCounts(suite, status, read) {
  let counts;
  try {
    counts = read();
  } catch {
    // A suite that wrote no report (it could not install or start) counts as one failure.
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  totals.passed += counts.passed ?? 0;
  totals.failed += counts.failed ?? 0;
  totals.skipped += counts.skipped ?? 0;
  if (status !== 0 || (counts.failed ?? 0) > 0) failures.push(suite);
}
