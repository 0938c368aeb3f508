// Test helper: runs the first ```ts block of a README as an ES module inside its package (so
// the package's own name resolves to its build), without blocking the caller's event loop, and
// answers the printed lines together with the values the `// ` comments after `console.log(...)`
// promise.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export async function runReadmeSnippet(packageDir, { env = {} } = {}) {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!match) throw new Error(`no ts block in ${packageDir}/README.md`);
  const code = match[1];
  const expected = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((found) => found[1].trim());
  const file = join(packageDir, `.readme-snippet-${process.pid}.mjs`);
  writeFileSync(file, code);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      cwd: packageDir,
      env: { ...process.env, ...env },
      timeout: 30_000,
    });
    return { code, printed: stdout.trim().split('\n'), expected };
  } finally {
    rmSync(file, { force: true });
  }
}
