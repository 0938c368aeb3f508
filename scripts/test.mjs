// Runs every test of every language once and ends with one plain line, "tests: N passed, N failed",
// so a reader (or CI) sees the count without parsing each runner's own summary.
// TypeScript: every vitest project. Python, PHP, Ruby: each package's `scripts/ci-test.sh`, which
// installs what its language needs, runs its linters and tests, and writes
// `.test-results/<language>.json` as {"passed": N, "failed": N, "skipped": N}. Fuzzing:
// `fuzz/run.mjs`, which writes `.test-results/fuzz.json` the same way.
// The Python, PHP and Ruby suites wait mostly on their servers, so they run side by side, each
// with its output in `.test-results/<language>.log`, printed whole when it ends; so does the
// generators suite (`tooling/generators/run.mjs`: Go and Java clients generated from the served
// OpenAPI document), which waits mostly on downloads and compilers.
// After each suite, every process the suite started that is still running (a server, `php -S`,
// a browser) is printed with its command line, counted as a failed test, and killed
// (scripts/leftover-processes.mjs).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { describeLeftovers, newRunId, runSuite, runSuiteInBackground } from './leftover-processes.mjs';

const LANGUAGE_SUITES = ['python', 'php', 'ruby'];
/**
 * Suites beside the languages, by name: the command that runs one and writes
 * `.test-results/<name>.json`. `generators`: Go and Java clients generated from the served
 * OpenAPI document run the main flow (tooling/generators/run.mjs).
 */
const OTHER_SUITES = { generators: [process.execPath, ['tooling/generators/run.mjs']] };

mkdirSync('.test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const runId = newRunId();

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

// Extra vitest arguments select TypeScript tests only; the other languages run on a full run.
if (process.argv.length <= 2) {
  const suites = {
    ...Object.fromEntries(
      LANGUAGE_SUITES.filter((language) => existsSync(`packages/${language}/scripts/ci-test.sh`)).map(
        (language) => [language, ['bash', [`packages/${language}/scripts/ci-test.sh`]]],
      ),
    ),
    ...OTHER_SUITES,
  };
  console.log(`\n== ${Object.keys(suites).join(', ')}, side by side ==`);
  await Promise.all(
    Object.entries(suites).map(async ([suite, [command, args]]) => {
      const report = `.test-results/${suite}.json`;
      const log = `.test-results/${suite}.log`;
      rmSync(report, { force: true });
      const started = Date.now();
      const { status, leftovers } = await runSuiteInBackground(`${runId}-${suite}`, command, args, log);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n== ${suite} (exit ${status}, ${seconds} s) ==\n${readFileSync(log, 'utf8')}`);
      chargeLeftovers(suite, leftovers);
      addCounts(suite, status, () => JSON.parse(readFileSync(report, 'utf8')));
    }),
  );
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
