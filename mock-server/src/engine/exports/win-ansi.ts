/** The 27 characters WinAnsiEncoding puts in 0x80–0x9F, where Latin-1 has control codes. */
const WIN_ANSI_EXTRAS = new Set(Array.from('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ', (char) => char.codePointAt(0)));

/** Letters and signs that neither decompose to WinAnsi nor may become `?`. */
const TRANSLITERATIONS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'n',
  Ŋ: 'N',
  ĸ: 'k',
  ſ: 's',
  ə: 'e',
  Ə: 'E',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '―': '-',
  '−': '-',
  '⁃': '-',
  '′': "'",
  '″': '"',
  '‛': "'",
  '‟': '"',
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '✓': 'v',
  '✔': 'v',
  // Russian, Ukrainian, Belarusian and Bulgarian Cyrillic (a simple scholarly-style scheme).
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Greek.
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Marks and invisible format characters (zero-width space and joiner, variation selectors, BOM). */
const INVISIBLE = /[\p{M}\p{Cf}]/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** True when the standard PDF fonts (Helvetica, Times, Courier) can show this code point. */
export function isWinAnsiCodePoint(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

function isWinAnsiText(text: string): boolean {
  for (const char of text) if (!isWinAnsiCodePoint(char.codePointAt(0) ?? 0)) return false;
  return true;
}

/** Transliterates one character, keeping its case; undefined when there is no rule. */
function transliterate(char: string): string | undefined {
  const direct = TRANSLITERATIONS[char];
  if (direct !== undefined) return direct;
  const lower = char.toLowerCase();
  const latin = lower === char ? undefined : TRANSLITERATIONS[lower];
  return latin === undefined ? undefined : latin.charAt(0).toUpperCase() + latin.slice(1);
}

/** Spells `text` in WinAnsi character by character; undefined when one character has no rule. */
function spell(text: string): string | undefined {
  let spelled = '';
  for (const char of text) {
    const latin = isWinAnsiText(char) ? char : transliterate(char);
    if (latin === undefined) return undefined;
    spelled += latin;
  }
  return spelled;
}

/** One user-perceived character (a grapheme cluster) as WinAnsi text, or `?`. */
function graphemeToWinAnsi(grapheme: string): string {
  if (/^[\s\p{Cc}]+$/u.test(grapheme)) return ' ';
  const composed = grapheme.normalize('NFC');
  if (isWinAnsiText(composed)) return composed;
  const spelled = spell(composed);
  if (spelled !== undefined) return spelled;
  // Compatibility decomposition turns ligatures, full-width forms and accented letters into
  // their base letters: ő → o, ﬁ → fi, Ａ → A.
  const stripped = grapheme.normalize('NFKD').replace(INVISIBLE, '');
  return spell(stripped) ?? '?';
}

/**
 * Makes any string printable with the PDF standard fonts, whose WinAnsi encoding covers Latin-1
 * and a few typographic signs. Accented letters outside it lose their accent (ő → o), common
 * Cyrillic and Greek letters are transliterated (Москва → Moskva), invisible characters vanish,
 * whitespace runs (line breaks included) become one space, and any other character (CJK, emoji,
 * Arabic…) becomes one `?` per visible character. Never throws.
 *
 * @example
 * ```ts
 * toWinAnsi('Łódź café 東京 👍🏽'); // 'Lodz café ?? ?'
 * ```
 */
export function toWinAnsi(text: string): string {
  let result = '';
  if (PRINTABLE_ASCII.test(text)) result = text;
  else for (const { segment } of graphemes.segment(text)) result += graphemeToWinAnsi(segment);
  return result.replace(/ {2,}/g, ' ').trim();
}
