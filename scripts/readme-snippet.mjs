// Test helper: runs the first ```ts block of a README as an ES module inside its package (so
// the package's own name resolves to its build), and answers the printed lines together with
// the values the `// ` comments after `console.log(...)` promise.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function runReadmeSnippet(packageDir) {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!match) throw new Error(`no ts block in ${packageDir}/README.md`);
  const code = match[1];
  const expected = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((found) => found[1].trim());
  const file = join(packageDir, `.readme-snippet-${process.pid}.mjs`);
  writeFileSync(file, code);
  try {
    const output = execFileSync(process.execPath, [file], {
      cwd: packageDir,
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { printed: output.trim().split('\n'), expected };
  } finally {
    rmSync(file, { force: true });
  }
}
