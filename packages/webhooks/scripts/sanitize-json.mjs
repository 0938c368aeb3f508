// Sanitizes each input of a JSON array (stdin) with the TypeScript sanitizer of the built
// @rankquill/webhooks package and prints the outputs as a JSON array: the reference the Ruby and
// PHP sanitizer tests compare their own outputs with.
import { readFileSync } from 'node:fs';
import { sanitizeArticleHtml } from '../dist/index.js';

const inputs = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(inputs.map((html) => sanitizeArticleHtml(html))));
