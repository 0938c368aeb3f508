// Shared by the scripts that keep a generated file committed (openapi.json, api.md): with
// --write they write it; otherwise they check it and exit 1 with the command that fixes it.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes `expected` to `file` when the command line has `--write`, else checks the file holds it.
 *
 * @example
 * writeOrCheck('api.md', assembleApiMd(), 'run `pnpm api-md:write` and commit it');
 */
export function writeOrCheck(file, expected, { name = file, fix }) {
  if (process.argv.includes('--write')) {
    writeFileSync(file, expected);
    console.log(`wrote ${name}`);
    return;
  }
  let actual = '';
  try {
    actual = readFileSync(file, 'utf8');
  } catch {}
  if (actual !== expected) {
    console.error(`${name} is out of date: ${fix}.`);
    process.exit(1);
  }
  console.log(`${name} is up to date`);
}
