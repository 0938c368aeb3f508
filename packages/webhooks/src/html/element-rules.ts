// The element rules the HTML tree builder applies: htmlparser2 12's (which the vectors' README
// documents), kept as plain data so that the tree builder stays one short loop per event.

/** Elements the parser never holds open: they have no content and no end tag. */
export const PARSER_VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const P = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const FORM_CONTROLS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
const DEFINITIONS = new Set(['dd', 'dt']);
const RUBY = new Set(['rt', 'rp']);

/** Opening the key closes the innermost open element, repeatedly, while it is in the value. */
export const OPEN_IMPLIES_CLOSE: ReadonlyMap<string, ReadonlySet<string>> = new Map<
  string,
  ReadonlySet<string>
>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DEFINITIONS],
  ['dt', DEFINITIONS],
  ['rt', RUBY],
  ['rp', RUBY],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((name) => [name, HEADINGS] as const),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
    (name) => [name, FORM_CONTROLS] as const,
  ),
  ...[
    'p',
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((name) => [name, P] as const),
]);

/** What the innermost open element makes of what follows: HTML, SVG or MathML. */
export type Namespace = 'html' | 'svg' | 'math';

/** Elements inside SVG or MathML whose content is HTML again (SVG's own spelling). */
export const HTML_INTEGRATION_POINTS: ReadonlySet<string> = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);

/** SVG element names that are not all lower case, by their lower-case spelling. */
export const SVG_TAG_NAMES: ReadonlyMap<string, string> = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

/** HTML lower-cases names in ASCII only: `<BLOC\u212AQUOTE>` is not a blockquote. */
export const asciiLowerCase = (name: string): string =>
  name.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
