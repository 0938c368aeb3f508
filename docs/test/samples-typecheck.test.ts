import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { markdownFiles } from './support/markdown-files';

// Inside this package, so that the samples' imports resolve to the packages' types as they do when
// samples.test.ts runs them.
const dir = fileURLToPath(new URL(`../.doc-sample-typecheck-${process.pid}/`, import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('type-checks every TypeScript sample that samples.test.ts and framework-guides.test.ts run', async () => {
  mkdirSync(dir, { recursive: true });
  const origin = new Map<string, string>();
  for (const { file, samples } of markdownFiles()) {
    for (const sample of samples) {
      // The framework guides run in framework-guides.test.ts; they are type-checked here too.
      const guide =
        sample.marker?.kind === 'tested by' && sample.marker.path.endsWith('framework-guides.test.ts');
      if (
        (sample.marker !== undefined && sample.marker.kind !== 'only' && !guide) ||
        !['ts', 'typescript', 'mts'].includes(sample.lang)
      )
        continue;
      const name = `${file.replace(/[^\w]+/g, '-')}-${sample.line}.mts`;
      origin.set(name, `${file}:${sample.line}`);
      writeFileSync(`${dir}${name}`, sample.code);
    }
  }
  expect(origin.size).toBeGreaterThan(10);
  writeFileSync(
    `${dir}tsconfig.json`,
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      // Strict, as the repository compiles, but without noUncheckedIndexedAccess, which most projects
      // leave off: `page.data[0].id` in a sample reads as it would in a customer's code.
      compilerOptions: { noEmit: true, types: ['node'], noUncheckedIndexedAccess: false },
      include: ['*.mts'],
    }),
  );
  const errors = await promisify(execFile)(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
    () => '',
    (failure: { stdout?: string }) => failure.stdout ?? String(failure),
  );
  // Name the Markdown file and line of the block instead of the temporary file.
  const located = errors.replace(/^([\w-]+\.mts)\((\d+),\d+\)/gm, (_, name: string, line: string) => {
    const [file, blockLine] = (origin.get(name) ?? `${name}:0`).split(':');
    return `${file}:${Number(blockLine) + Number(line)}`;
  });
  expect(located).toBe('');
});
