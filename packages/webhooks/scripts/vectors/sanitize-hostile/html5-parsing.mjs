// Issue 29: where the four sanitizers gave different bytes on the same input, and HTML's own
// parsing rules decide: abruptly closed comments, a tag the input ends in, end tags with
// attributes, names with non-ASCII letters, raw-text end tags, comments inside URLs, implied end
// tags past unwrapped elements (so that the output parses again into the same tree).
const hostile = (name, html, output, notContains = []) => ({
  name,
  html,
  output,
  contains: [],
  not_contains: notContains,
});

export const html5ParsingCases = [
  hostile('an abruptly closed comment keeps what follows', '<!--><img src=x>', '<img src="x" />'),
  hostile('every way a comment ends', 'a<!--->b<!---->c<!-- x --!>d<!-- y -->e', 'abcde'),
  hostile(
    'a start tag the input ends in makes no element and no end tag',
    '<p>unterminated <a href="https://example.com/"',
    '<p>unterminated </p>',
    ['</a>'],
  ),
  hostile('an end tag the input ends in is dropped', '<p>x</p>y</br ', '<p>x</p>y', ['<br']),
  hostile('an end tag ends at the > after its quoted attributes', '<p>a</p x=">">b', '<p>a</p>b', ['&gt;']),
  hostile(
    'a raw-text end tag with a quoted > in its attributes',
    '<textarea>a</textarea x=">"><p>b</p>',
    '<p>b</p>',
  ),
  hostile(
    'names are lower-cased in ASCII letters only',
    '<BLOC\u212AQUOTE>x</BLOC\u212AQUOTE><\u017Fcript>y</\u017Fcript>',
    'x&lt;\u017Fcript&gt;y',
    ['<blockquote', '<script'],
  ),
  hostile(
    'a target is compared untrimmed and rel lower-cased in ASCII',
    '<a href="/x" target=" _self">y</a><a target=_blank rel="NoFollow\u0130 nofollow">z</a>',
    '<a href="/x" target=" _self" rel="noopener noreferrer">y</a><a target="_blank" rel="nofollow\u0130 nofollow noopener noreferrer">z</a>',
  ),
  hostile(
    'self-closing syntax needs its / right before the >',
    '<svg / ><p>x</p></svg><p>y</p><svg/><p>z</p>',
    '<p>y</p><p>z</p>',
  ),
  hostile(
    'a block closes a paragraph past an unwrapped element',
    '<p>a<x-y><ul><li>b</li></ul>',
    '<p>a</p><ul><li>b</li></ul>',
  ),
  hostile(
    'a link closes a link past an unwrapped element',
    '<a href="/1">a<font><a href="/2">b</a></font></a>',
    '<a href="/1">a</a><a href="/2">b</a>',
  ),
  hostile(
    'a heading closes a heading past an unwrapped element',
    '<h2>t<x-y><h3>u</h3>',
    '<h2>t</h2><h3>u</h3>',
  ),
  hostile('a cell closes a cell past an unwrapped element', '<td>a<x-y><td>b', '<td>a</td><td>b</td>'),
  hostile(
    'only </ and the name end raw text',
    '<script>x<\u000fscript><p>y</p><script>x\u001c\u000fscript><p>y</p>',
    '',
    ['<p>'],
  ),
  hostile('a self-closing script still holds raw text', '<script/>x</script><p>y</p>', '<p>y</p>', ['x']),
  hostile('</ and a space start a bogus comment', '<a href="/x">y</ a>z', '<a href="/x">yz</a>'),
  hostile(
    'comments in a URL go one at a time, including ones that form as others go',
    '<a href="java<!-<!---->--->script:alert(1)">x</a><a href="<!--x-->javascript:alert(2)">y</a><a href="<!--<!--javascript:alert(3)">z</a>',
    '<a>x</a><a>y</a><a href="&lt;!--&lt;!--javascript:alert(3)">z</a>',
    ['script:alert(1)', 'script:alert(2)'],
  ),
  hostile('a tag that ends at the next <', '<a href="/x"<b>y</b>', '<a href="/x">y</a>'),
  hostile(
    'long and out-of-range numeric references',
    '<p>&#x0000000000041;&#99999999999999999999;&notit; &notin</p>',
    '<p>A\uFFFD\u00ACit; \u00ACin</p>',
  ),
];
