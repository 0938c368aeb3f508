// Bundles the `rankquill-mock` CLI of mock-server (with every dependency, dynamic imports included)
// into ONE JavaScript file for the wheel, so `pip install "rankquill[mock]"` needs no node_modules.
// Run by hatch_build.py when the wheel is built; needs the workspace installed and built (`pnpm run build`).
// usage: node scripts/bundle-mock-server.mjs <outfile>
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [outfile] = process.argv.slice(2);
if (!outfile) {
  process.stderr.write('usage: node scripts/bundle-mock-server.mjs <outfile>\n');
  process.exit(64);
}
const mockServer = resolve(dirname(fileURLToPath(import.meta.url)), '../../../mock-server');
// esbuild is a devDependency of mock-server; resolve it from there.
const esbuild = createRequire(join(mockServer, 'package.json'))('esbuild');

await esbuild.build({
  entryPoints: [join(mockServer, 'src/cli/main.ts')],
  outfile: resolve(outfile),
  bundle: true,
  // No code splitting: the lazily imported modules (PDF report, Markdown export) are inlined too.
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  legalComments: 'eof',
  logLevel: 'error',
  // CommonJS dependencies bundled into ESM still call `require` for Node's built-in modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);",
  },
});
