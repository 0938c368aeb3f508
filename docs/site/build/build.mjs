// `pnpm docs:build`: the documentation site, into docs/dist. Assembles the pages (build/assemble.mjs),
// builds the four API references (build/references.mjs) and draws the diagrams (build/diagrams.mjs)
// into docs/site/src, then runs `vitepress build`. Prints the time it took. With `--pages-only` it
// keeps the references of the last build, to see an edited guide sooner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assemble } from './assemble.mjs';
import { drawDiagrams } from './diagrams.mjs';
import { buildReferences, referenceSidebar } from './references.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const site = fileURLToPath(new URL('../', import.meta.url));
const src = `${site}src/`;
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const pagesOnly = process.argv.includes('--pages-only');
for (const entry of existsSync(src) ? readdirSync(src) : []) {
  if (!(pagesOnly && entry === 'reference')) rmSync(`${src}${entry}`, { recursive: true, force: true });
}
rmSync(`${root}docs/dist`, { recursive: true, force: true });
mkdirSync(src, { recursive: true });
const references = pagesOnly ? referenceSidebar() : await buildReferences(root, src);
console.log(`docs:build: references in ${seconds()} s`);
const pages = assemble(root, src, references);
const diagrams = await drawDiagrams(root, src);
console.log(`docs:build: ${pages.length} pages and ${diagrams} diagrams in ${seconds()} s`);
const vitepress = `${root}docs/node_modules/vitepress/bin/vitepress.js`;
const build = spawnSync(process.execPath, [vitepress, 'build', site], {
  stdio: 'inherit',
  cwd: `${root}docs`,
});
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`docs:build: docs/dist built in ${seconds()} s`);
