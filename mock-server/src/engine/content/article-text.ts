/** Words title case leaves in lower case unless they open the title. */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Upper-cases the first letter unless the first word already has capitals (`iPhone`). */
export function capitalize(text: string): string {
  const space = text.indexOf(' ');
  const firstWord = space < 0 ? text : text.slice(0, space);
  if (firstWord !== firstWord.toLowerCase()) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter of an ordinary word, leaving `SEO` or `DIY` alone. */
export function lowerFirst(text: string): string {
  const second = text.charAt(1);
  return second && second === second.toLowerCase() && second !== second.toUpperCase()
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** Title case that keeps words with capitals (`iPhone`, `SEO`) as written. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && SMALL_WORDS.has(word) ? word : capitalize(word)))
    .join(' ');
}

/** Cuts `text` to at most `max` characters at a word boundary, ending with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space > max / 2) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.!?–—-]+$/, '')}…`;
}

/** Escapes text for an element's content; the generator never writes attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
