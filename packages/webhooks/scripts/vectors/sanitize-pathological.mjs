// The content of sanitize-pathological.json: recipes for the longest article HTML the API takes
// (the contract's CONTENT_MAX_CHARACTERS), each built to make a sanitizer or its tokenizer do
// more than linear work if it can: issue 29's link whose href is `<!--` repeated, runs of
// comments, entities, quotes, attributes, nested and stray elements, partial tags and raw text.
// Every language expands the recipes itself (each `repeat` part is repeated as often as fits
// in an equal share of what the `text` parts leave, counting UTF-16 code units as the contract
// does) and must sanitize each input in under `max_seconds`.

const text = (value) => ({ text: value });
const repeat = (value) => ({ repeat: value });
const pattern = (name, ...parts) => ({ name, parts });
/** A pattern repeated inside a link's href, where the URL check reads it. */
const inHref = (name, unit, tail = '') =>
  pattern(name, text('<a href="'), repeat(unit), text(`${tail}">x</a>`));

const urls = [
  inHref('comment openers in a link href (issue 29)', '<!--'),
  pattern('comment openers in an unquoted href', text('<a href='), repeat('<!--'), text('>x</a>')),
  inHref('empty comments in a link href', '<!---->'),
  pattern(
    'comments in an href that form again as each goes',
    text('<a href="'),
    repeat('<!-'),
    repeat('-->'),
    text('">x</a>'),
  ),
  inHref('comment openers then a scheme in a link href', '<!--', 'javascript:x'),
  inHref('control characters in a link href', '\u0001\t '),
  inHref('character references in a link href', '&#106;&#x09;'),
  inHref('slashes in a link href', '/\\'),
  pattern('escapes in an attribute value', text('<a title="'), repeat("&quot;<>&amp;'&lt"), text('">x</a>')),
  pattern('spaces around a link target', text('<a target="'), repeat(' \u00a0'), text('x">y</a>')),
  pattern(
    'rel values of a new-window link',
    text('<a target="_blank" rel="'),
    repeat('a b '),
    text('">y</a>'),
  ),
];

const references = [
  pattern('character references in text', repeat('&amp;')),
  pattern('bare ampersands', repeat('&')),
  pattern('legacy references without a semicolon', repeat('&notit')),
  pattern('one long reference name', text('&'), repeat('a'), text(';')),
  pattern('one long numeric reference', text('&#x'), repeat('0'), text('41;')),
  pattern('one long numeric reference out of range', text('&#'), repeat('9'), text(';')),
  pattern('one long hexadecimal reference out of range', text('<a title="&#x'), repeat('f'), text('">x</a>')),
  pattern('numeric references to non-BMP characters', repeat('&#x1F600;')),
  pattern(
    'references without a semicolon in an attribute',
    text('<a title="'),
    repeat('&amp'),
    text('">x</a>'),
  ),
  pattern('ampersands in an unquoted attribute', text('<a title='), repeat('&'), text('>x</a>')),
];

const quotes = [
  pattern('alternating quoted attributes', text('<a'), repeat(" a='\"' b=\"'"), text('">x</a>')),
  pattern('quotes as attribute names', text('<a '), repeat('"\''), text('>x</a>')),
  pattern('an unterminated quoted value', text('<a title="'), repeat("'")),
  pattern('quotes in text', repeat('"\'')),
];

const attributes = [
  pattern('a long attribute list', text('<a'), repeat(' a=1'), text('>x</a>')),
  pattern('a repeated href', text('<a'), repeat(' href=/x'), text('>x</a>')),
  pattern('bare attributes', text('<img'), repeat(' b')),
  pattern('equals signs in a tag', text('<a '), repeat('='), text('>x</a>')),
  pattern('attributes of a tag the input ends in', text('<p>x<a'), repeat(' a=1')),
];

const nesting = [
  pattern('deep nesting', repeat('<b>')),
  pattern('deep nesting of blocks', repeat('<div>')),
  pattern('deep nesting then end tags that close nothing', repeat('<b>'), repeat('</i>')),
  pattern('deep nesting then its end tags', repeat('<em>'), repeat('</em>')),
  pattern('deep nesting of unknown elements then stray end tags', repeat('<x-y>'), repeat('</x-z>')),
  pattern('deep nesting then end tags of svg names', repeat('<b>'), repeat('</clippath>')),
  pattern('deep nesting inside svg integration points', repeat('<svg><desc>'), repeat('</foreignobject>')),
  pattern('nested forms', repeat('<form>')),
  pattern('elements that imply end tags', repeat('<p><li><dd><td><a><option><h1>')),
  pattern('end tags of paragraphs never opened', repeat('</p>')),
  pattern('end tags of line breaks', repeat('</br>')),
  pattern('nested elements dropped with their content', repeat('<object>'), repeat('</object>')),
];

const markup = [
  pattern('less-than signs', repeat('<')),
  pattern('less-than signs and spaces', repeat('< ')),
  pattern('tag openers', repeat('<a')),
  pattern('end tag openers', repeat('</')),
  pattern('end tag names', repeat('</a')),
  pattern('bogus end tags', repeat('</ ')),
  pattern('markup declaration openers', repeat('<!')),
  pattern('CDATA openers', repeat('<![CDATA[')),
  pattern('a CDATA section of brackets', text('<svg><![CDATA['), repeat(']')),
  pattern('processing instruction openers', repeat('<?')),
  pattern('doctype openers', repeat('<!doctype')),
  pattern('comment openers in text', repeat('<!--')),
  pattern('abruptly closed comments', repeat('<!-->')),
  pattern('a comment of dashes', text('<!--'), repeat('-')),
  pattern('a comment of --!', text('<!--'), repeat('--!')),
];

const rawText = [
  pattern('script start tags', repeat('<script>')),
  pattern('near-miss end tags in a script', text('<script>'), repeat('</scrip')),
  pattern('end tags of other names in a script', text('<script>'), repeat('</scriptx')),
  pattern('references in a title', text('<title>'), repeat('&amp;')),
  pattern('less-than signs in a textarea', text('<textarea>'), repeat('<')),
  pattern('markup after plaintext', text('<plaintext>'), repeat('<b>')),
];

const characters = [
  pattern('NUL characters', repeat('\u0000')),
  pattern('NUL characters in a tag name', text('<a'), repeat('\u0000'), text('>')),
  pattern('non-BMP characters', repeat('😀')),
  pattern('mixed-case tags and attributes', repeat('<A HREF=/X TaRgEt=_BLANK>')),
];

export const sanitizePathological = (maxCharacters) => ({
  max_characters: maxCharacters,
  max_seconds: 1,
  patterns: [
    ...urls,
    ...references,
    ...quotes,
    ...attributes,
    ...nesting,
    ...markup,
    ...rawText,
    ...characters,
  ],
});
