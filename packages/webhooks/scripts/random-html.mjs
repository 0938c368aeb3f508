// Seeded random hostile HTML: the inputs every language's sanitizer is compared on, against the
// TypeScript one (sanitize-json.mjs --random). The same seed and count give the same inputs on
// every machine. Each input strings together pieces biased toward what sanitizers get wrong:
// partial tags, odd quoting, character references, comments and CDATA, misnested and implied
// elements, raw-text elements, svg/math, javascript: and data: URLs, mixed case, NUL and control
// characters, non-BMP characters; a fifth of them are cut off at a random point.

import { ATTRIBUTE_NAMES, PIECES, TAG_NAMES, TEXT_CHARACTERS, VALUE_PIECES } from './random-html-pieces.mjs';

/** A small, fast generator with a 32-bit state (mulberry32): `next()` is uniform in [0, 1). */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The run every language's suite makes (sanitize-json.mjs --random): its seed and size. CI runs
 * these; `RANKQUILL_SANITIZE_SEED` and `RANKQUILL_SANITIZE_COUNT` try others.
 */
export const RANDOM_HTML_RUN = {
  seed: Number(process.env.RANKQUILL_SANITIZE_SEED ?? 29),
  count: Number(process.env.RANKQUILL_SANITIZE_COUNT ?? 20_000),
};

/** `count` hostile HTML inputs, the same for the same `seed`. */
export function randomHostileHtml(seed, count) {
  const random = seededRandom(seed);
  const integer = (below) => Math.floor(random() * below);
  const pick = (list) => list[integer(list.length)];
  const mixedCase = (text) =>
    random() < 0.15
      ? [...text].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('')
      : text;
  const value = () => Array.from({ length: integer(3) + 1 }, () => pick(VALUE_PIECES)).join('');
  const attribute = () => {
    const name = mixedCase(pick(ATTRIBUTE_NAMES));
    const quote = pick(['"', "'", '', '', 'none']);
    if (quote === 'none') return name;
    const text = value();
    const closing = random() < 0.9 ? quote : '';
    return quote === ''
      ? `${name}=${text.replace(/[\s>]/g, '') || 'x'}`
      : `${name}=${quote}${text}${closing}`;
  };
  const startTag = () => {
    const attributes = Array.from({ length: integer(4) }, attribute);
    const spacing = pick([' ', ' ', '\t', '\n', '/', '\f']);
    const end = pick(['>', '>', '>', '/>', ' >', '']);
    return `<${mixedCase(pick(TAG_NAMES))}${attributes.map((item) => spacing + item).join('')}${end}`;
  };
  const endTag = () => `</${mixedCase(pick(TAG_NAMES))}${pick(['>', '>', ' >', ' x>', '', '/>'])}`;
  const text = () => Array.from({ length: integer(6) + 1 }, () => pick(TEXT_CHARACTERS)).join('');
  const reference = () =>
    pick([
      () =>
        `&${pick(['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'not', 'notin', 'hellip', 'check', 'colon'])}${pick([';', '', 'x', '='])}`,
      () => `&#${integer(0x110100)}${pick([';', ''])}`,
      () => `&#x${integer(0x110100).toString(16)}${pick([';', ''])}`,
      () => `&#${pick(['0', '128', '150', '55296', '00000065', '99999999999'])};`,
    ])();
  const token = () => {
    const roll = random();
    if (roll < 0.5) return pick(PIECES);
    if (roll < 0.7) return startTag();
    if (roll < 0.8) return endTag();
    if (roll < 0.92) return text();
    return reference();
  };
  const inputs = [];
  for (let index = 0; index < count; index++) {
    let html = Array.from({ length: integer(16) + 1 }, token).join('');
    if (random() < 0.2) {
      const characters = [...html]; // cut between code points, never inside one
      html = characters.slice(0, integer(characters.length + 1)).join('');
    }
    inputs.push(html);
  }
  return inputs;
}
