// The project every runtime runs in: the packed packages installed with npm (as a user gets
// them), and the app with each runtime's entry copied beside them.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runtimes = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A CommonJS copy of an ES module that has named imports and exported functions only:
 * `import { a } from 'x'` becomes `const { a } = require('x')`, and the exported functions go to
 * `module.exports`. Throws on anything else, so the two copies cannot drift apart unnoticed.
 */
export function toCommonJS(source: string): string {
  const exported: string[] = [];
  const body = source
    .replace(/^import \{([^}]+)\} from '([^']+)';$/gm, (_, names: string, from: string) => {
      return `const {${names}} = require('${from}');`;
    })
    .replace(/^export function (\w+)/gm, (_, name: string) => {
      exported.push(name);
      return `function ${name}`;
    });
  if (/^\s*(import|export)\b/m.test(body))
    throw new Error('toCommonJS: an import or export it cannot convert');
  return `'use strict';\n${body}\nmodule.exports = { ${exported.join(', ')} };\n`;
}

/** Copies the app and every entry into `project`, with CommonJS copies of the app and the Node server. */
export function addApp(project: string): void {
  for (const folder of ['app', 'entries']) {
    for (const file of readdirSync(join(runtimes, folder))) {
      copyFileSync(join(runtimes, folder, file), join(project, file));
    }
  }
  for (const name of ['app', 'node-serve']) {
    const source = readFileSync(join(project, `${name}.mjs`), 'utf8');
    writeFileSync(join(project, `${name}.cjs`), toCommonJS(source));
  }
  // workerd, as a user configures it: no compatibility flag, so no nodejs_compat.
  writeFileSync(
    join(project, 'wrangler.toml'),
    ['name = "runtime-matrix"', 'main = "worker.mjs"', 'compatibility_date = "2026-01-01"', ''].join('\n'),
  );
}
