// The documentation site's suite, run by scripts/test.mjs beside the Python, PHP and Ruby suites:
// builds the site (`pnpm docs:build`: the four references, typedoc's doc-comment check among them,
// built once here for all of CI), then runs its tests (docs/site/test: every link and anchor of
// every page read from the HTML in Node, a page of each kind, the language switch and the search
// in Debian's Chromium) and writes .test-results/docs-site.json as {"passed", "failed", "skipped"}.
// A build that fails counts as one failed test. Prints the build's time and the tests'.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '../build/diagrams.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const results = `${root}.test-results/`;
const report = `${results}docs-site.json`;
const vitestReport = `${results}docs-site-vitest.json`;
mkdirSync(results, { recursive: true });
rmSync(report, { force: true });
rmSync(vitestReport, { force: true });

const started = performance.now();
const build = spawnSync(process.execPath, [`${root}docs/site/build/build.mjs`], {
  stdio: 'inherit',
  cwd: root,
});
console.log(`docs-site: the build took ${((performance.now() - started) / 1000).toFixed(0)} s`);
let counts = { passed: 0, failed: 1, skipped: 0 };
if (build.status === 0) {
  ensureChromium(root);
  const testsStarted = performance.now();
  const vitest = spawnSync(
    process.execPath,
    [
      `${root}node_modules/vitest/vitest.mjs`,
      'run',
      '--config',
      `${root}docs/site/vitest.config.ts`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    { stdio: 'inherit', cwd: `${root}docs/site` },
  );
  console.log(`docs-site: the tests took ${((performance.now() - testsStarted) / 1000).toFixed(0)} s`);
  try {
    const result = JSON.parse(readFileSync(vitestReport, 'utf8'));
    counts = {
      passed: result.numPassedTests,
      failed: result.numFailedTests + (vitest.status !== 0 && result.numFailedTests === 0 ? 1 : 0),
      skipped: result.numPendingTests + result.numTodoTests,
    };
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
}
writeFileSync(report, `${JSON.stringify(counts)}\n`);
console.log(`docs-site: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed > 0 ? 1 : 0);
