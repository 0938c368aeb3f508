// Sanitizes each input of a JSON array (stdin) with the TypeScript sanitizer of the built
// @rankquill/webhooks package and prints the outputs as a JSON array, for the Ruby tests.
import { readFileSync } from 'node:fs';
import { sanitizeArticleHtml } from '../../../webhooks/dist/index.js';

const inputs = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(inputs.map((html) => sanitizeArticleHtml(html))));
