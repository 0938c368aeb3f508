// Writes (--write) or verifies (--check) packages/contract/openapi.json from the built schemas.
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from '../../../scripts/generated-file.mjs';
import { buildOpenApiDocument } from '../dist/index.js';

writeOrCheck(
  fileURLToPath(new URL('../openapi.json', import.meta.url)),
  `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`,
  {
    name: 'packages/contract/openapi.json',
    fix: 'run `pnpm --filter @rankquill/contract openapi:write` and commit it',
  },
);
