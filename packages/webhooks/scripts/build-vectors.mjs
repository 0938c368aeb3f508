// Writes packages/contract/vectors/*.json. Cases and expected answers are written out by hand in
// ./vectors/; only the signatures are computed, with node:crypto, independently of the WebCrypto
// code under test. html-allow-list.json is the contract's ARTICLE_HTML_ALLOW_LIST and
// receiver-limits.json holds its WEBHOOK_MAX_BODY_BYTES and sanitize-pathological.json its
// CONTENT_MAX_CHARACTERS, so build the contract first;
// article-page.json is the output of this package's renderArticlePage, so build it too.
// Run: pnpm --filter @rankquill/contract --filter @rankquill/webhooks build && node packages/webhooks/scripts/build-vectors.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ARTICLE_HTML_ALLOW_LIST,
  CONTENT_MAX_CHARACTERS,
  WEBHOOK_MAX_BODY_BYTES,
} from '../../contract/dist/index.js';
import { ARTICLE_PAGE_CSP, renderArticlePage } from '../dist/index.js';
import { articlePage } from './vectors/article-page.mjs';
import { deliveries } from './vectors/deliveries.mjs';
import { receiverLimits } from './vectors/receiver-limits.mjs';
import { replays } from './vectors/replays.mjs';
import { sanitize } from './vectors/sanitize.mjs';
import { sanitizePathological } from './vectors/sanitize-pathological.mjs';
import { signatures } from './vectors/signatures.mjs';

const write = (name, value) =>
  writeFileSync(
    fileURLToPath(new URL(`../../contract/vectors/${name}`, import.meta.url)),
    `${JSON.stringify(value, null, 2)}\n`,
  );

write('signatures.json', signatures);
write('deliveries.json', deliveries);
write('sanitize.json', sanitize);
write('sanitize-pathological.json', sanitizePathological(CONTENT_MAX_CHARACTERS));
write('html-allow-list.json', ARTICLE_HTML_ALLOW_LIST);
write('replays.json', replays);
write('receiver-limits.json', receiverLimits(WEBHOOK_MAX_BODY_BYTES));
write('article-page.json', articlePage(renderArticlePage, ARTICLE_PAGE_CSP));
console.log(
  `wrote ${signatures.signing_secrets.length + signatures.sign.length + signatures.verify.length} signature cases, ${deliveries.cases.length} deliveries, ${replays.scenarios.length} replay scenarios, ${sanitize.cases.length} sanitizer cases, ${sanitizePathological(CONTENT_MAX_CHARACTERS).patterns.length} pathological sanitizer inputs, ${articlePage(renderArticlePage, ARTICLE_PAGE_CSP).cases.length} article pages, the receiver limits and the HTML allow-list`,
);
