// The tree rules: stray end tags, misnested and implied elements, void elements, odd quoting, bare
// text characters, unicode and deep nesting.
export const treeRuleCases = [
  {
    name: 'stray end tags are dropped',
    html: '</p></div>text</b><p>para</p></a>',
    output: '<p></p>text<p>para</p>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'misnested inline elements',
    html: '<b><i>x</b>y</i>z',
    output: '<b><i>x</i></b>yz',
    contains: [],
    not_contains: [],
  },
  {
    name: 'a paragraph inside a paragraph',
    html: '<p>one<p>two</p>',
    output: '<p>one</p><p>two</p>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'list items without end tags',
    html: '<ul><li>one<li>two</ul>',
    output: '<ul><li>one</li><li>two</li></ul>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'table cells without end tags',
    html: '<table><tr><td>a<td>b<tr><td>c</table>',
    output: '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'void elements with content and end tags',
    html: '<br>text</br><hr>x</hr><img src="https://cdn.example/a.png" alt="a">y</img>',
    output: '<br />text<br /><hr />x<img src="https://cdn.example/a.png" alt="a" />y',
    contains: [],
    not_contains: [],
  },
  {
    name: 'self-closing syntax on non-void elements',
    html: '<p/>text<b/>bold<span />after',
    output: '<p>text<b>bold<span>after</span></b></p>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'attribute without a value and with odd quoting',
    html: '<img alt src="https://cdn.example/a.png" title=\'single\' width=10>',
    output: '<img alt="" src="https://cdn.example/a.png" title="single" width="10" />',
    contains: [],
    not_contains: [],
  },
  {
    name: 'lone ampersands and angle brackets in text',
    html: '<p>a & b < c > d && e <3 &#38; &</p>',
    output: '<p>a &amp; b &lt; c &gt; d &amp;&amp; e &lt;3 &amp; &amp;</p>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'unicode text and attributes survive',
    html: '<p><a title="東京 ☕ – “quotes”" href="/x">Crème brûlée 🍮   nbsp</a></p>',
    output: '<p><a title="東京 ☕ – “quotes”" href="/x">Crème brûlée 🍮   nbsp</a></p>',
    contains: [],
    not_contains: [],
  },
  {
    name: 'deep nesting closes every element',
    html: '<blockquote><ul><li><p><strong><em><a href="/x">deep',
    output:
      '<blockquote><ul><li><p><strong><em><a href="/x">deep</a></em></strong></p></li></ul></blockquote>',
    contains: [],
    not_contains: [],
  },
];
