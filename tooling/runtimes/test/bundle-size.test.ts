// Size budgets: each package's documented import, bundled for a worker (esbuild, as wrangler
// bundles: the workerd/worker/browser conditions, minified), from the packed packages as a user
// installs them. The Fetch receiver must stay under 100 KB, the SDK under 64 KB, public articles
// under 60 KB (1 KB = 1000 bytes); the sizes are printed, with gzip, on every run.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

const matrix = inject('matrix');
const esbuild = createRequire(join(matrix.tools, 'noop.js'))('esbuild') as typeof import('esbuild');

const BUDGETS = [
  {
    name: '@rankquill/webhooks/fetch (the Fetch receiver)',
    code: "import { createFetchHandler } from '@rankquill/webhooks/fetch';\nexport { createFetchHandler };",
    maxBytes: 100_000,
  },
  {
    name: '@rankquill/sdk',
    code: "import Rankquill from '@rankquill/sdk';\nexport { Rankquill };",
    maxBytes: 64_000,
  },
  {
    name: '@rankquill/public-articles',
    code: "import { NotFoundError, PublicArticles } from '@rankquill/public-articles';\nexport { NotFoundError, PublicArticles };",
    maxBytes: 60_000,
  },
];

describe('bundle size of each documented import, for a worker', () => {
  it.each(BUDGETS)('$name stays under its budget', async ({ name, code, maxBytes }) => {
    const result = await esbuild.build({
      stdin: { contents: code, resolveDir: matrix.project, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const bytes = result.outputFiles[0]?.contents ?? new Uint8Array();
    const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {};
    const largest = Object.entries(inputs)
      .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
      .slice(0, 5)
      .map(([file, { bytesInOutput }]) => `${file.replace(/.*node_modules\//, '')} ${bytesInOutput}`);
    console.log(
      `${name}: ${bytes.byteLength} bytes minified, ${gzipSync(bytes).byteLength} gzip (budget ${maxBytes}); largest: ${largest.join(', ')}`,
    );
    expect(bytes.byteLength, largest.join('\n')).toBeLessThan(maxBytes);
  });
});
