// Writes (--write) or verifies (--check) packages/contract/openapi.json from the built schemas.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../dist/index.js';

const file = fileURLToPath(new URL('../openapi.json', import.meta.url));
const expected = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
if (process.argv.includes('--write')) {
  writeFileSync(file, expected);
  console.log(`wrote ${file}`);
} else {
  let actual = '';
  try {
    actual = readFileSync(file, 'utf8');
  } catch {}
  if (actual !== expected) {
    console.error(
      'packages/contract/openapi.json is out of date: run `pnpm --filter @rankquill/contract openapi:write` and commit it.',
    );
    process.exit(1);
  }
  console.log('openapi.json is up to date');
}
