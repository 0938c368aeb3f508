// Runs every vitest project once and ends with one plain line, "tests: N passed, N failed",
// so a reader (or CI) sees the count without parsing vitest's own summary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const report = '.test-results/vitest.json';
mkdirSync('.test-results', { recursive: true });
const run = spawnSync(
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary = 'tests: no report was written';
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  summary = `tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
} catch {}
console.log(summary);
process.exit(run.status ?? 1);
