import { ARTICLE_HTML_ALLOW_LIST } from '@rankquill/contract';
import { sanitizeArticleHtml as sanitizeWithAllowList } from '@rankquill/webhooks';

/** Elements dropped together with everything inside them, not just unwrapped. */
const DROPPED_WITH_CONTENT: readonly string[] = ARTICLE_HTML_ALLOW_LIST.dropped_with_content;

/**
 * Cleans article HTML down to the article allow-list: headings, paragraphs, lists, links,
 * emphasis, quotes, code, images, figures and tables. Scripts, styles, frames, embeds and forms
 * go with their content; event-handler attributes, `style`, and any URL whose scheme is not
 * http, https or mailto (so `javascript:` and `data:`) are removed. Links that open a new
 * window get `rel="noopener noreferrer"`. The receivers' own sanitizer (`@rankquill/webhooks`),
 * so the service stores the bytes every receiver would write, in time linear in the length of
 * `html`; then nesting is bounded.
 *
 * @example
 * sanitizeArticleHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 */
export function sanitizeArticleHtml(html: string): string {
  return limitNesting(sanitizeWithAllowList(html));
}

/**
 * Deepest nesting of elements an article keeps. Real articles stay under about ten (a link in a
 * paragraph in a cell of a table in a list item); the bound keeps every tree walk over an article
 * (the Markdown export, the text extraction) short and its recursion shallow.
 */
export const MAX_ELEMENT_DEPTH = 32;

/** A start or end tag of sanitized HTML: `>` is escaped inside its attribute values, `<` in text. */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)[^>]*>/g;
const VOID_ELEMENTS = new Set(['br', 'hr', 'img']);

/**
 * Unwraps elements nested deeper than `maxDepth` in sanitized HTML: their tags go, their text
 * stays, in place. One pass, linear in the length; no parse tree, so no recursion.
 *
 * @example
 * limitNesting('<b><i><u>x</u></i></b>', 2); // '<b><i>x</i></b>'
 */
export function limitNesting(html: string, maxDepth = MAX_ELEMENT_DEPTH): string {
  // For each open element, whether its tags were kept.
  const open: boolean[] = [];
  let depth = 0;
  return html.replace(TAG, (tag, slash: string, name: string) => {
    if (VOID_ELEMENTS.has(name.toLowerCase())) return tag;
    if (slash) {
      if (!open.pop()) return '';
      depth--;
      return tag;
    }
    const keep = depth < maxDepth;
    open.push(keep);
    if (!keep) return '';
    depth++;
    return tag;
  });
}

const BLOCK_TAGS =
  'p|div|h[1-6]|blockquote|pre|table|thead|tbody|tfoot|ul|ol|dl|figure|figcaption|section|article|aside|header|footer|nav|main|address|details|summary';
/** Attributes of a tag and an optional self-closing slash; quoted values may hold `>`. */
const ATTRIBUTES = `(?:\\s(?:[^<>"']|"[^"]*"|'[^']*')*)?\\/?`;
const BLOCK_TAG = new RegExp(`<\\/?(?:${BLOCK_TAGS})${ATTRIBUTES}>`, 'gi');
/** Tags that start a new line; their closing tags add nothing, so items are not double-spaced. */
const LINE_TAG = new RegExp(`<(?:li|tr|dt|dd|caption|br)${ATTRIBUTES}>`, 'gi');
const HR_TAG = new RegExp(`<hr${ATTRIBUTES}>`, 'gi');
const CELL_END = /<\/t[dh]\s*>/gi;
const ANY_TAG = new RegExp(`<\\/?[a-zA-Z][\\w:-]*${ATTRIBUTES}>`, 'g');
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const DECLARATION = /<![^>]*>|<\?[^>]*>/g;
const DROPPED_BLOCK = new RegExp(
  `<(${DROPPED_WITH_CONTENT.join('|')})\\b${ATTRIBUTES}>[\\s\\S]*?(?:<\\/\\1\\s*>|$)`,
  'gi',
);
const PRE_BLOCK = new RegExp(`(<pre${ATTRIBUTES}>[\\s\\S]*?<\\/pre\\s*>)`, 'gi');

/** Named entities an article is likely to hold; numeric references cover everything else. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  shy: '',
  zwj: '\u200d',
  zwnj: '\u200c',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  iexcl: '¡',
  iquest: '¿',
  agrave: 'à',
  aacute: 'á',
  acirc: 'â',
  atilde: 'ã',
  auml: 'ä',
  aring: 'å',
  aelig: 'æ',
  ccedil: 'ç',
  egrave: 'è',
  eacute: 'é',
  ecirc: 'ê',
  euml: 'ë',
  igrave: 'ì',
  iacute: 'í',
  icirc: 'î',
  iuml: 'ï',
  ntilde: 'ñ',
  ograve: 'ò',
  oacute: 'ó',
  ocirc: 'ô',
  otilde: 'õ',
  ouml: 'ö',
  oslash: 'ø',
  ugrave: 'ù',
  uacute: 'ú',
  ucirc: 'û',
  uuml: 'ü',
  yacute: 'ý',
  yuml: 'ÿ',
  szlig: 'ß',
  Agrave: 'À',
  Aacute: 'Á',
  Acirc: 'Â',
  Auml: 'Ä',
  Aring: 'Å',
  AElig: 'Æ',
  Ccedil: 'Ç',
  Egrave: 'È',
  Eacute: 'É',
  Ecirc: 'Ê',
  Iacute: 'Í',
  Ntilde: 'Ñ',
  Oacute: 'Ó',
  Ouml: 'Ö',
  Oslash: 'Ø',
  Uacute: 'Ú',
  Uuml: 'Ü',
};
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/** Text of HTML outside `<pre>`: source whitespace collapses, blocks and rows become lines. */
function flowToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\s+/g, ' ')
      .replace(HR_TAG, '\n\n')
      .replace(BLOCK_TAG, '\n\n')
      .replace(CELL_END, '\t')
      .replace(LINE_TAG, '\n')
      .replace(ANY_TAG, ''),
  )
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\t+/g, '\t')
    .replace(/ {2,}/g, ' ');
}

/** Text of a `<pre>` block, whitespace kept. */
function preToText(html: string): string {
  return `\n\n${decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(ANY_TAG, ''))}\n\n`;
}

/**
 * Plain text of article HTML: headings, paragraphs and other blocks are separated by a blank
 * line, list items and table rows by a newline, table cells by a tab; entities are decoded and
 * tags, comments, scripts and styles removed. Whitespace inside `<pre>` is kept.
 *
 * @example
 * htmlToText('<h2>Tea</h2><p>Hot &amp; sweet.</p><ul><li>One</li><li>Two</li></ul>');
 * // 'Tea\n\nHot & sweet.\n\nOne\nTwo'
 */
export function htmlToText(html: string): string {
  const cleaned = html.replace(COMMENT, '').replace(DECLARATION, '').replace(DROPPED_BLOCK, '');
  // split() with a capture group puts the <pre> blocks at the odd indexes.
  return cleaned
    .split(PRE_BLOCK)
    .map((part, index) => (index % 2 === 1 ? preToText(part) : flowToText(part)))
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\s+|\s+$/g, '');
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/;

/**
 * Number of words in plain text: whitespace-separated tokens holding at least one letter or
 * digit, so stray punctuation such as `—` or `&` does not count. Pass HTML through
 * {@link htmlToText} first.
 *
 * @example
 * countWords('Hello, world — it’s 2026!'); // 4
 */
export function countWords(text: string): number {
  // A character loop rather than a regex split: the generator counts every sentence it tries.
  let count = 0;
  let inWord = false;
  let hasLetter = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code < 128 ? code === 32 || (code >= 9 && code <= 13) : SPACE.test(text[i] as string);
    if (space) {
      if (hasLetter) count++;
      inWord = false;
      hasLetter = false;
      continue;
    }
    inWord = true;
    if (!hasLetter) {
      hasLetter =
        code < 128
          ? (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
          : WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i) as number));
    }
  }
  return inWord && hasLetter ? count + 1 : count;
}

/** Letters that Unicode decomposition does not reduce to ASCII. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');
const SLUG_MAX = 80;

/**
 * URL slug of a text: lower-case ASCII letters and digits joined by single hyphens, accents
 * folded (`é` → `e`, `ß` → `ss`), apostrophes dropped, at most 80 characters (cut at a hyphen
 * when one is near the limit), never empty: `article` when nothing is left.
 *
 * @example
 * slugify('Crème Brûlée: 10 Tips!'); // 'creme-brulee-10-tips'
 */
export function slugify(text: string): string {
  let slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(FOLDABLE, (letter) => FOLDS[letter] ?? '')
    .replace(/['’`]+/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX) {
    const cutsWord = slug[SLUG_MAX] !== '-';
    slug = slug.slice(0, SLUG_MAX);
    const lastHyphen = slug.lastIndexOf('-');
    if (cutsWord && lastHyphen >= SLUG_MAX / 2) slug = slug.slice(0, lastHyphen);
    slug = slug.replace(/-+$/, '');
  }
  return slug || 'article';
}
