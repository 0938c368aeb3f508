import { BoundedCache } from '../kernel/bounded-cache';

/** A text folded for matching, with the index in the original text of each folded character. */
export interface FoldedText {
  /** Lower case, without accents or other combining marks, curly apostrophes made straight. */
  text: string;
  /** `source[i]` is the index in the original text of the character that gave `text[i]`. */
  source: number[];
}

/** Only ASCII characters: nothing outside U+0000–U+007F. */
const ASCII = /^[^\u0080-\uffff]*$/;
const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc]/g;

/**
 * Folds one character: Unicode NFD, combining marks removed, lower case, typographic apostrophes
 * made straight. `É` becomes `e`, `ß` stays `ß`, a lone combining accent becomes nothing.
 */
function foldCharacter(character: string): string {
  const code = character.charCodeAt(0);
  // Plain ASCII only needs lower-casing: the common case, kept fast.
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
  return foldedCharacters.get(character, (other) =>
    other
      .normalize('NFD')
      .toLowerCase()
      .normalize('NFD')
      .replace(COMBINING_MARKS, '')
      .replace(APOSTROPHES, "'"),
  );
}

/** Folds of the non-ASCII characters met so far; there are few distinct ones in practice. */
const foldedCharacters = new BoundedCache<string, string>(4096);

/**
 * Folds `text` for case- and accent-insensitive matching, one character at a time so that every
 * folded character can be traced back to where it came from.
 *
 * @example
 * ```ts
 * const folded = foldText('Café Noir');
 * folded.text; // 'cafe noir'
 * folded.source[3]; // 3, the index of 'é' in the original
 * ```
 */
export function foldText(text: string): FoldedText {
  // Plain ASCII folds to its lower case, index for index.
  if (ASCII.test(text)) {
    const source = new Array<number>(text.length);
    for (let index = 0; index < text.length; index++) source[index] = index;
    return { text: text.toLowerCase(), source };
  }
  let folded = '';
  const source: number[] = [];
  let index = 0;
  for (const character of text) {
    const part = foldCharacter(character);
    folded += part;
    for (let i = 0; i < part.length; i++) source.push(index);
    index += character.length;
  }
  return { text: folded, source };
}

/** `text` folded, without the index map. */
export function foldString(text: string): string {
  return foldText(text).text;
}

/**
 * The key under which names are unique: trimmed, runs of whitespace made one space, lower case.
 *
 * @example
 * ```ts
 * uniqueKey('  Home   Brewing '); // 'home brewing'
 * ```
 */
export function uniqueKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
