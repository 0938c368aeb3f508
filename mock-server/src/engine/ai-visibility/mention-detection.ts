import { BoundedCache } from '../kernel/bounded-cache';
import { findUrls } from './citation-extraction';
import { sentenceIndexAt, sentenceSpans } from './sentences';
import { foldString, foldText } from './text-folding';

/** A brand name found in an answer. */
export interface BrandMention {
  /** The brand name as the project configures it. */
  brand: string;
  /** The words as the answer wrote them. */
  matched_text: string;
  /** The sentence holding the mention, whitespace collapsed, at most about `EXCERPT_MAX_LENGTH` characters. */
  excerpt: string;
  /** 1-based number of the sentence in which the mention begins. */
  position: number;
  /** Index in the answer (UTF-16 code units) where the mention begins. */
  offset: number;
}

/** Longest excerpt before it is cut around the mention. */
export const EXCERPT_MAX_LENGTH = 240;

/** Characters that make up words: letters, digits and `_`. A brand may not continue into them. */
const WORD_CHARACTER = '[\\p{L}\\p{N}_]';
/** What may separate the words of a multi-word brand: spaces, line breaks, hyphens and dashes. */
const WORD_SEPARATOR = '[\\s\\-\u2010\u2011\u2012\u2013\u2014]+';

interface Candidate {
  brand: string;
  start: number;
  end: number;
}

/**
 * Finds every mention of the project's brand names in an answer:
 *
 * - case- and accent-insensitive: both sides are folded (Unicode NFD, combining marks removed,
 *   lower case), so `NORTHWIND CÖFFEE` and `northwind coffee` match `Northwind Coffee`;
 * - whole words: a brand that starts (ends) with a letter or digit may not be preceded
 *   (followed) by one, nor joined to one by a hyphen, a dot or `@`, so `Northwind` is not found
 *   in `Northwinds`, `SuperNorthwind`, `evil-northwind`, `northwind.example` or `hi@northwind`;
 * - the words of a multi-word brand may be separated by any run of spaces, line breaks, hyphens
 *   or dashes; punctuation inside a brand (`Ben & Jerry's`, `C++`) is matched literally;
 * - URLs are not mentions (`northwind-coffee.example` in a link is a citation, see
 *   `citation-extraction.ts`);
 * - where brand names overlap (`Northwind` and `Northwind Coffee`), the longest match wins, and
 *   each stretch of text counts once.
 *
 * Mentions come in order of appearance, each with the sentence it is in (`sentences.ts`).
 *
 * @example
 * ```ts
 * const [mention] = findBrandMentions('Try NORTHWIND cöffee today.', ['Northwind Coffee']);
 * // { brand: 'Northwind Coffee', matched_text: 'NORTHWIND cöffee', position: 1, offset: 4, excerpt: 'Try NORTHWIND cöffee today.' }
 * ```
 */
export function findBrandMentions(text: string, brandNames: readonly string[]): BrandMention[] {
  const folded = foldText(text);
  const urls = findUrls(text).map((found) => ({ start: found.offset, end: found.offset + found.url.length }));
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const brand of brandNames) {
    const pattern = brandPattern(brand);
    if (!pattern || seen.has(pattern.body.source)) continue;
    seen.add(pattern.body.source);
    for (const match of matchesOf(pattern, folded.text)) {
      const start = sourceStart(folded.source, match.start);
      const end = sourceEnd(text, folded.source, match.end);
      if (urls.some((url) => start < url.end && end > url.start)) continue;
      candidates.push({ brand, start, end });
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const sentences = sentenceSpans(text);
  const mentions: BrandMention[] = [];
  let taken = 0;
  for (const candidate of candidates) {
    if (candidate.start < taken) continue;
    taken = candidate.end;
    const index = sentenceIndexAt(sentences, candidate.start);
    const sentence = sentences[index] ?? { start: 0, end: text.length };
    mentions.push({
      brand: candidate.brand,
      matched_text: text.slice(candidate.start, candidate.end),
      excerpt: excerptOf(text, sentence, candidate),
      position: index + 1,
      offset: candidate.start,
    });
  }
  return mentions;
}

/**
 * A brand name compiled for matching: the folded words joined by separators, and whether its
 * first and last characters are word characters (then the text may not continue the word).
 */
interface BrandPattern {
  body: RegExp;
  wordStart: boolean;
  wordEnd: boolean;
}

/** Compiled brand patterns by brand name (null: a name with no characters). */
const patterns = new BoundedCache<string, BrandPattern | null>(1000);
const IS_WORD_CHARACTER = new RegExp(WORD_CHARACTER, 'u');
/** Characters that join words into one token: compounds, host names, e-mail addresses. */
const JOINERS = ['-', '\u2010', '\u2011', '.', '@'];

function brandPattern(brand: string): BrandPattern | undefined {
  return patterns.get(brand, (name) => compileBrandPattern(name) ?? null) ?? undefined;
}

function compileBrandPattern(brand: string): BrandPattern | undefined {
  const words = foldString(brand)
    .split(new RegExp(WORD_SEPARATOR, 'u'))
    .filter((word) => word !== '');
  const first = words[0];
  const last = words.at(-1);
  if (first === undefined || last === undefined) return undefined;
  return {
    body: new RegExp(words.map(escapeRegExp).join(WORD_SEPARATOR), 'gu'),
    wordStart: IS_WORD_CHARACTER.test(charAt(first, 0)),
    wordEnd: IS_WORD_CHARACTER.test(charBefore(last, last.length)),
  };
}

/**
 * Whole-word matches of a pattern in folded text. The word edges are checked by hand rather than
 * with lookbehinds, which would keep the regex engine from skipping ahead to the brand's letters.
 */
function* matchesOf(pattern: BrandPattern, text: string): Generator<{ start: number; end: number }> {
  const body = new RegExp(pattern.body);
  for (let match = body.exec(text); match; match = body.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = pattern.wordStart && continuesBefore(text, start);
    const after = pattern.wordEnd && continuesAfter(text, end);
    if (!before && !after) yield { start, end };
    // A match that failed at its edges may hide one that starts inside it.
    body.lastIndex = before || after ? start + 1 : end;
  }
}

/**
 * Whether the text before `index` continues the word there: a word character, or a hyphen, dot
 * or `@` joining it to a word character (`evil-northwind`, `shop.northwind`, `hi@northwind`).
 */
function continuesBefore(text: string, index: number): boolean {
  const previous = charBefore(text, index);
  if (previous === '') return false;
  if (IS_WORD_CHARACTER.test(previous)) return true;
  return JOINERS.includes(previous) && IS_WORD_CHARACTER.test(charBefore(text, index - previous.length));
}

/** Whether the text from `index` continues the word before it; see `continuesBefore`. */
function continuesAfter(text: string, index: number): boolean {
  const next = charAt(text, index);
  if (next === '') return false;
  if (IS_WORD_CHARACTER.test(next)) return true;
  return JOINERS.includes(next) && IS_WORD_CHARACTER.test(charAt(text, index + next.length));
}

/** The character (code point) ending just before `index`. */
function charBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2
    ? text.slice(index - 2, index)
    : text.slice(index - 1, index);
}

/** The character (code point) starting at `index`. */
function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function sourceStart(source: readonly number[], foldedIndex: number): number {
  return source[foldedIndex] ?? 0;
}

/** End (exclusive) in the original text of a match ending before folded index `foldedEnd`. */
function sourceEnd(text: string, source: readonly number[], foldedEnd: number): number {
  const lastSource = source[foldedEnd - 1] ?? 0;
  const codePoint = text.codePointAt(lastSource) ?? 0;
  let end = lastSource + (codePoint > 0xffff ? 2 : 1);
  // Combining marks written after the last letter belong to it (`e` + U+0301).
  while (end < text.length && /\p{M}/u.test(text[end] ?? '')) end++;
  return end;
}

function excerptOf(
  text: string,
  sentence: { start: number; end: number },
  mention: { start: number; end: number },
): string {
  let from = sentence.start;
  let to = sentence.end;
  const room = Math.max(0, EXCERPT_MAX_LENGTH - (mention.end - mention.start));
  if (to - from > EXCERPT_MAX_LENGTH) {
    from = Math.max(sentence.start, mention.start - Math.floor(room / 2));
    to = Math.min(sentence.end, from + (mention.end - mention.start) + room);
    from = Math.max(sentence.start, Math.min(from, to - EXCERPT_MAX_LENGTH));
  }
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > sentence.start ? '…' : ''}${body}${to < sentence.end ? '…' : ''}`;
}
