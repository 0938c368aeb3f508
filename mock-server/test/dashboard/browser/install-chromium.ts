import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './chromium';

/**
 * Global setup of the browser tests: installs Debian's Chromium when it is missing (a fresh CI
 * machine has none). Playwright never downloads a browser of its own here.
 */
export function setup(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const script = fileURLToPath(new URL('../../../../scripts/debian-packages.sh', import.meta.url));
  const run = spawnSync('bash', [script, 'chromium'], { stdio: 'inherit' });
  if (run.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing and \`bash scripts/debian-packages.sh chromium\` could not install it (exit ${run.status}).`,
    );
  }
}
