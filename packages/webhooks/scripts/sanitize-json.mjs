// The TypeScript sanitizer (the built @rankquill/webhooks package) as the reference every other
// language's sanitizer is compared with, byte for byte:
// - `node sanitize-json.mjs` sanitizes each input of a JSON array read on stdin and prints the
//   outputs as a JSON array;
// - `node sanitize-json.mjs --random [seed count]` prints `count` seeded random hostile inputs
//   (random-html.mjs; by default the run CI makes, RANDOM_HTML_RUN) with their outputs, as a
//   JSON array of [input, output] pairs.
import { readFileSync } from 'node:fs';
import { sanitizeArticleHtml } from '../dist/index.js';
import { RANDOM_HTML_RUN, randomHostileHtml } from './random-html.mjs';

const [mode, seed, count] = process.argv.slice(2);
if (mode === '--random') {
  const inputs = randomHostileHtml(
    Number(seed ?? RANDOM_HTML_RUN.seed),
    Number(count ?? RANDOM_HTML_RUN.count),
  );
  process.stdout.write(JSON.stringify(inputs.map((html) => [html, sanitizeArticleHtml(html)])));
} else {
  const inputs = JSON.parse(readFileSync(0, 'utf8'));
  process.stdout.write(JSON.stringify(inputs.map((html) => sanitizeArticleHtml(html))));
}
