// The README samples type-check as a user's TypeScript project sees the packed packages, under
// `moduleResolution: bundler` and under `nodenext`, without @types/node: a declaration that
// needs Node's types (Buffer, NodeJS.*) fails here. The samples read `process.env`, so the project
// declares just that, as a Next.js, Deno or Workers project's own types would.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { codeSamples } from '../../../scripts/readme-snippet.mjs';
import { repo } from '../../support/packed-packages';

const run = promisify(execFile);
const matrix = inject('matrix');
const dir = join(matrix.project, 'types');
const tsc = join(matrix.tools, 'typescript', 'bin', 'tsc');

/** The first ts sample of a README that contains `marker`. */
function sample(readme: string, marker: string): string {
  const text = readFileSync(join(repo, readme), 'utf8');
  const found = codeSamples(text).find((block) => block.lang === 'ts' && block.code.includes(marker));
  if (!found) throw new Error(`${readme} has no ts sample with ${marker}`);
  return found.code;
}

const SAMPLES = {
  'sdk-readme.ts': sample('packages/sdk/README.md', "from '@rankquill/sdk'"),
  'public-articles-readme.ts': sample(
    'packages/public-articles/README.md',
    "from '@rankquill/public-articles'",
  ),
  'webhooks-fetch-route.ts': sample('packages/webhooks/README.md', "from '@rankquill/webhooks/fetch'"),
};

const RESOLUTIONS = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
};

describe('README samples type-check without @types/node', () => {
  it('the project has no @types/node to fall back on', () => {
    expect(existsSync(join(matrix.project, 'node_modules', '@types', 'node'))).toBe(false);
  });

  it.each(Object.keys(RESOLUTIONS))(
    'under moduleResolution %s',
    async (resolution) => {
      mkdirSync(dir, { recursive: true });
      for (const [file, code] of Object.entries(SAMPLES))
        writeFileSync(join(dir, file), `${code}\nexport {};\n`);
      writeFileSync(
        join(dir, 'env.d.ts'),
        'declare const process: { env: Record<string, string | undefined> };\n',
      );
      const config = join(dir, `tsconfig.${resolution}.json`);
      writeFileSync(
        config,
        JSON.stringify({
          compilerOptions: {
            ...RESOLUTIONS[resolution as keyof typeof RESOLUTIONS],
            target: 'es2023',
            lib: ['es2023', 'dom', 'dom.iterable'],
            types: [],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['env.d.ts', ...Object.keys(SAMPLES)],
        }),
      );
      const result = await run(matrix.nodeCurrent, [tsc, '-p', config], { cwd: dir }).catch(
        (error: { stdout: string; stderr: string }) => ({ ...error, failed: true }),
      );
      expect('failed' in result ? `${result.stdout}${result.stderr}` : '').toBe('');
      // tsc over lib.dom takes seconds on an idle runner and minutes on a loaded one.
    },
    600_000,
  );
});
