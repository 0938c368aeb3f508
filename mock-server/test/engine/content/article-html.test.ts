import { describe, expect, it } from 'vitest';
import {
  countWords,
  htmlToText,
  limitNesting,
  MAX_ELEMENT_DEPTH,
  sanitizeArticleHtml,
  slugify,
} from '../../../src/engine/content/article-html';

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
const ALLOWED_TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr ul ol li a strong em b i u s blockquote code pre img figure figcaption table thead tbody tr th td span'.split(
    ' ',
  ),
);

/** How deep elements nest in sanitized HTML (void elements do not count). */
function depthOf(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [tag = '', slash] of html.matchAll(/<(\/?)[a-z][a-z0-9]*[^>]*>/g)) {
    if (/^<(br|hr|img)\b/.test(tag)) continue;
    depth += slash ? -1 : 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** Fails unless every tag, attribute and URL of `html` is on the allow-list. */
function expectOnlyAllowedMarkup(html: string): void {
  for (const [, name = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `tag <${name}> in ${html}`).toContain(name.toLowerCase());
    for (const [, attribute = '', value = ''] of attributes.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRIBUTES[name] ?? [], `attribute ${attribute} on <${name}> in ${html}`).toContain(
        attribute,
      );
      if (attribute === 'href' || attribute === 'src') {
        expect(value, `URL in ${html}`).toMatch(/^(https?:|mailto:|[^:]*$)/i);
        expect(value, `URL in ${html}`).not.toMatch(/^\/\//);
      }
    }
  }
}

describe('sanitizeArticleHtml', () => {
  // Payloads whose dangerous part must disappear entirely, content included.
  const payloads = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<script type="module">import("//evil.example")</script>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="  javascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="vbscript:alert(1)">x</a>',
    '<svg onload=alert(1)><circle r="1" /></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<style>body{background:url("javascript:alert(1)")}</style>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<iframe src="https://evil.example" onload="alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>">alert(1)</iframe>',
    '<object data="javascript:alert(1)">alert(1)</object>',
    '<embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><input value="alert(1)"><button>alert(1)</button></form>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="pixel">',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<body onload=alert(1)>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<div onclick="alert(1)">x</div>',
    '<p onmouseover="alert(1)" class="x" id="y">x</p>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<link rel="stylesheet" href="javascript:alert(1)">',
    '<!--<img src=x onerror=alert(1)>-->',
    '<<script>alert(1)//<</script>',
    '<img """><script>alert(1)</script>">',
    '<a href="//evil.example/alert(1)">x</a>',
    '<textarea><img src=x onerror=alert(1)></textarea>',
    '<template><img src=x onerror=alert(1)></template>',
  ];

  it.each(payloads)('neutralises %s', (payload) => {
    const clean = sanitizeArticleHtml(payload);
    expectOnlyAllowedMarkup(clean);
    expect(clean).not.toMatch(/alert|javascript:|vbscript:|data:|evil\.example/i);
    expect(clean).not.toMatch(/\son\w+=/i);
  });

  it('keeps inert text from broken-up tags as escaped text', () => {
    const clean = sanitizeArticleHtml('<scr<script>ipt>alert(1)</script>');
    expectOnlyAllowedMarkup(clean);
    expect(clean).not.toContain('<script');
  });

  it('keeps the text around removed elements', () => {
    expect(sanitizeArticleHtml('<p>Before<script>alert(1)</script> after</p>')).toBe('<p>Before after</p>');
    expect(sanitizeArticleHtml('<div class="x"><p>Kept</p></div>')).toBe('<p>Kept</p>');
    expect(sanitizeArticleHtml('<p>One<iframe src="https://x.example">fallback</iframe>two</p>')).toBe(
      '<p>Onetwo</p>',
    );
  });

  it('keeps allowed markup as it is', () => {
    const html = [
      '<h1>Title</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
      '<p>A <strong>strong</strong>, <em>em</em>, <b>b</b>, <i>i</i>, <u>u</u>, <s>s</s>, <span>span</span> and <code>code</code>.<br />Next line.</p>',
      '<hr />',
      '<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>',
      '<blockquote><p>Quote</p></blockquote><pre><code>const x = 1;\n</code></pre>',
      '<p><a href="https://example.com/page?q=1&amp;r=2" title="Page">abs</a> <a href="/docs/start">rel</a> <a href="#top">hash</a> <a href="mailto:hi@example.com">mail</a> <a href="http://example.com">http</a></p>',
      '<figure><img src="https://example.com/a.jpg" alt="A" title="T" width="640" height="480" /><figcaption>Caption</figcaption></figure>',
      '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td rowspan="2">1</td><td>2</td></tr></tbody></table>',
    ].join('');
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('removes attributes off the allow-list but keeps the element', () => {
    expect(
      sanitizeArticleHtml('<p class="lead" id="x" style="color:red" data-x="1">Hi</p><td-x>no</td-x>'),
    ).toBe('<p>Hi</p>no');
    expect(sanitizeArticleHtml('<img src="/a.png" class="x" srcset="/b.png 2x" loading="lazy" />')).toBe(
      '<img src="/a.png" />',
    );
    expect(sanitizeArticleHtml('<td colspan="2" style="x" onclick="y">c</td>')).toBe(
      '<td colspan="2">c</td>',
    );
  });

  it('adds rel="noopener noreferrer" to links that open a new window', () => {
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(
      sanitizeArticleHtml('<a href="https://x.example" target="_BLANK" rel="nofollow noopener">x</a>'),
    ).toBe('<a href="https://x.example" target="_BLANK" rel="nofollow noopener noreferrer">x</a>');
    expect(sanitizeArticleHtml('<a href="https://x.example" target="other">x</a>')).toBe(
      '<a href="https://x.example" target="other" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_self">x</a>')).toBe(
      '<a href="https://x.example" target="_self">x</a>',
    );
  });

  it('escapes stray markup characters in text', () => {
    expect(sanitizeArticleHtml('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });

  it(`keeps at most ${MAX_ELEMENT_DEPTH} nested elements: deeper ones lose their tags, not their text`, () => {
    const pairs: Array<[string, string]> = [
      ['<em>', '</em>'],
      ['<b>', '</b>'],
      ['<blockquote>', '</blockquote>'],
      ['<ul><li>', '</li></ul>'],
      ['<table><tbody><tr><td>', '</td></tr></tbody></table>'],
      ['<pre>', '</pre>'],
    ];
    for (const [open, close] of pairs) {
      const html = `${open.repeat(1200)}deep${close.repeat(1200)}<p>after</p>`;
      const clean = sanitizeArticleHtml(html);
      expect(depthOf(clean), open).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH);
      expect(clean, open).toContain('deep');
      expect(clean.endsWith('<p>after</p>'), open).toBe(true);
      expect(sanitizeArticleHtml(clean), open).toBe(clean);
    }
    const shallow = '<ul><li><p><a href="https://x.example">a <strong>b</strong></a></p></li></ul>';
    expect(sanitizeArticleHtml(shallow)).toBe(shallow);
  });

  it('bounds nesting in one pass, linear in the length', () => {
    expect(limitNesting('<b><i><u>x<br />y</u></i></b><p>z</p>', 2)).toBe('<b><i>x<br />y</i></b><p>z</p>');
    expect(limitNesting('</i>x<b>y</b>', 2)).toBe('x<b>y</b>');
    // CPU time, not wall time: on a loaded CI runner the wall clock also counts other processes.
    const time = (depth: number) => {
      const html = `${'<em>'.repeat(depth)}x${'</em>'.repeat(depth)}`;
      const started = process.cpuUsage();
      limitNesting(html);
      const spent = process.cpuUsage(started);
      return (spent.user + spent.system) / 1000;
    };
    time(10_000);
    expect(time(100_000)).toBeLessThan(1000);
  });

  it('is idempotent', () => {
    for (const payload of [...payloads, '<p>a <a href="/x" target="_blank">b</a></p>']) {
      const once = sanitizeArticleHtml(payload);
      expect(sanitizeArticleHtml(once)).toBe(once);
    }
  });
});

describe('htmlToText', () => {
  it('separates blocks by blank lines and list items by newlines', () => {
    expect(htmlToText('<h2>Tea</h2><p>Hot &amp; sweet.</p><ul><li>One</li><li>Two</li></ul><p>End</p>')).toBe(
      'Tea\n\nHot & sweet.\n\nOne\nTwo\n\nEnd',
    );
  });

  it('collapses source whitespace and keeps line breaks', () => {
    expect(
      htmlToText(
        '<p>\n  Many    spaces\n  here<br>next<br/>last</p>\n\n<ul>\n  <li>\n A </li>\n  <li>B</li>\n</ul>',
      ),
    ).toBe('Many spaces here\nnext\nlast\n\nA\nB');
  });

  it('decodes named and numeric entities', () => {
    expect(
      htmlToText(
        '<p>&lt;b&gt; &quot;q&quot; &#39;a&#39; caf&eacute; &mdash; &#8212; &#x1F600; x&nbsp;y &unknown;</p>',
      ),
    ).toBe('<b> "q" \'a\' café — — 😀 x y &unknown;');
  });

  it('removes tags, comments, scripts and styles, even with ">" inside attribute values', () => {
    expect(
      htmlToText(
        '<p title="a > b">Text<!-- note --></p><script>var x = "<p>";</script><style>p{}</style><p>More</p>',
      ),
    ).toBe('Text\n\nMore');
  });

  it('puts table rows on lines and cells apart by tabs', () => {
    expect(htmlToText('<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>')).toBe(
      'A\tB\n1\t2',
    );
  });

  it('keeps whitespace inside <pre>', () => {
    expect(htmlToText('<p>Code:</p><pre><code>if (a &lt; b) {\n  go();\n}</code></pre><p>Done</p>')).toBe(
      'Code:\n\nif (a < b) {\n  go();\n}\n\nDone',
    );
  });

  it('returns an empty string for empty or tag-only input', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p></p><br><hr>')).toBe('');
  });

  it('stays fast on malformed input', () => {
    const started = process.cpuUsage();
    htmlToText('<a "'.repeat(50_000));
    htmlToText('<p title=x '.repeat(50_000));
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(1000);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['Hello, world — it’s 2026!', 4],
    ['step-by-step e-mail', 2],
    ['café naïve Ünïcödé', 3],
    ['— & ... !!! 🎉', 0],
    ['Line one\nline two\tthree', 5],
    ['x\u00a0y', 2],
    ['3.5 out of 5', 4],
  ])('counts %j as %i words', (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  --Hello--World--  ', 'hello-world'],
    ['Crème Brûlée à la Carte', 'creme-brulee-a-la-carte'],
    ['Straße, Æsir & Øresund', 'strasse-aesir-oresund'],
    ['Łódź İstanbul Ångström', 'lodz-istanbul-angstrom'],
    ["Don't Stop Believin’", 'dont-stop-believin'],
    ['10 Tips for 2026: The Best!', '10-tips-for-2026-the-best'],
    ['I ❤️ 🍕 pizza', 'i-pizza'],
    ['🎉🎉🎉', 'article'],
    ['!!! --- ???', 'article'],
    ['日本語', 'article'],
    ['', 'article'],
  ])('turns %j into %j', (text, expected) => {
    expect(slugify(text)).toBe(expected);
  });

  it('cuts long input to 80 characters at a word boundary', () => {
    const slug = slugify(
      'The Complete Guide to Growing Tomatoes on a Small Balcony in a Cold and Windy Northern Climate',
    );
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toBe('the-complete-guide-to-growing-tomatoes-on-a-small-balcony-in-a-cold-and-windy');
  });

  it('cuts a long single word to exactly 80 characters', () => {
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(80));
  });

  it('never ends with a hyphen after the cut', () => {
    for (let i = 1; i < 30; i++) {
      const slug = slugify(`${'x'.repeat(i)} ${'word '.repeat(40)}`);
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});
