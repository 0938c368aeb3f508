// The runtime matrix as one suite of scripts/test.mjs, side by side with the Python, PHP and Ruby
// suites: runs the vitest config beside this file (the packed packages on Node's floors, Node 24,
// Deno, Bun, workerd, edge-runtime; bundle budgets; type checks) and writes
// .test-results/runtimes.json as {"passed", "failed", "skipped"}. Everything it needs comes from
// the npm registry into ~/.cache/rankquill/runtimes. Exits non-zero when anything failed.
//   node tooling/runtimes/run.mjs [vitest arguments, such as a test file]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const results = join(repo, '.test-results');
const vitestReport = join(results, 'runtimes-vitest.json');
mkdirSync(results, { recursive: true });
rmSync(vitestReport, { force: true });

const started = Date.now();
const run = spawnSync(
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    '--config',
    'tooling/runtimes/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
    ...process.argv.slice(2),
  ],
  { cwd: repo, stdio: 'inherit' },
);

let counts;
try {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
} catch {
  // No report: the setup failed (an install, a build missing); count it as one failure.
  counts = { passed: 0, failed: 1, skipped: 0 };
}
writeFileSync(join(results, 'runtimes.json'), JSON.stringify(counts));
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `runtimes: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${seconds} s`,
);
process.exit(run.status === 0 && counts.failed === 0 ? 0 : 1);
