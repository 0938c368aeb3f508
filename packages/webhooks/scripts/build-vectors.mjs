// Writes packages/contract/vectors/{signatures,deliveries,sanitize,html-allow-list}.json. Cases and
// expected answers are written out by hand in ./vectors/; only the signatures are computed, with
// node:crypto, independently of the WebCrypto code under test. html-allow-list.json is the
// contract's ARTICLE_HTML_ALLOW_LIST, so build the contract first.
// Run: pnpm --filter @rankquill/contract build && node packages/webhooks/scripts/build-vectors.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ARTICLE_HTML_ALLOW_LIST } from '../../contract/dist/index.js';
import { deliveries } from './vectors/deliveries.mjs';
import { sanitize } from './vectors/sanitize.mjs';
import { signatures } from './vectors/signatures.mjs';

const write = (name, value) =>
  writeFileSync(
    fileURLToPath(new URL(`../../contract/vectors/${name}`, import.meta.url)),
    `${JSON.stringify(value, null, 2)}\n`,
  );

write('signatures.json', signatures);
write('deliveries.json', deliveries);
write('sanitize.json', sanitize);
write('html-allow-list.json', ARTICLE_HTML_ALLOW_LIST);
console.log(
  `wrote ${signatures.signing_secrets.length + signatures.sign.length + signatures.verify.length} signature cases, ${deliveries.cases.length} deliveries, ${sanitize.cases.length} sanitizer cases and the HTML allow-list`,
);
