import { ARTICLE_HTML_ALLOW_LIST } from '@rankquill/contract/webhooks';
import { isAllowedArticleUrl } from './html/article-url';
import { asciiLowerCase } from './html/element-rules';
import { buildHtmlTree, type HtmlTreeSink } from './html/html-tree-builder';

const { tags, attributes, url_attributes, dropped_with_content, new_window_link } = ARTICLE_HTML_ALLOW_LIST;
const KEPT_TAGS = new Set<string>(tags);
const KEPT_ATTRIBUTES = new Map<string, ReadonlySet<string>>(
  Object.entries(attributes).map(([tag, names]) => [tag, new Set(names)]),
);
const URL_ATTRIBUTES = new Set<string>(url_attributes);
const DROPPED_WITH_CONTENT = new Set<string>(dropped_with_content);
const SAME_CONTEXT_TARGETS = new Set<string>(new_window_link.same_context_targets);
/** HTML's void elements: written without an end tag. */
const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeText = (text: string) => text.replace(/[&<>]/g, (character) => TEXT_ENTITIES[character] ?? '');
const escapeAttribute = (value: string) =>
  value.replace(/[&<>"]/g, (character) => TEXT_ENTITIES[character] ?? '');

function openTag(name: string, received: ReadonlyMap<string, string>): string {
  let attribs = received;
  // HTML compares these keywords in ASCII lower case, untrimmed: ` _self` names a new window.
  const target = asciiLowerCase(attribs.get('target') ?? '');
  if (name === 'a' && target && !SAME_CONTEXT_TARGETS.has(target)) {
    const rel = new Set(
      asciiLowerCase(attribs.get('rel') ?? '')
        .split(/[\t\n\f\r ]+/)
        .filter(Boolean),
    );
    for (const value of new_window_link.add_rel) rel.add(value);
    attribs = new Map(attribs).set('rel', [...rel].join(' '));
  }
  const allowed = KEPT_ATTRIBUTES.get(name);
  let tag = `<${name}`;
  for (const [attribute, value] of attribs) {
    if (!allowed?.has(attribute)) continue;
    // An empty URL points at the page itself; the service's sanitizer drops it too.
    if (URL_ATTRIBUTES.has(attribute) && (value === '' || !isAllowedArticleUrl(value))) continue;
    tag += ` ${attribute}="${escapeAttribute(value)}"`;
  }
  return VOID_TAGS.has(name) ? `${tag} />` : `${tag}>`;
}

/**
 * Cleans article HTML down to the allow-list the service itself applies (`ARTICLE_HTML_ALLOW_LIST`
 * of `@rankquill/contract`): headings, paragraphs, lists, links, emphasis, quotes, code, images,
 * figures and tables. Other elements are unwrapped (their text stays), except scripts, styles,
 * frames, embeds, forms, SVG and the like, which go with their content; attributes outside the
 * list (event handlers, `style`, `http-equiv`) and URLs with another scheme than http, https or
 * mailto (`javascript:`, `data:`) are removed; comments go; every tag left open is closed. Text
 * is re-escaped, so entity tricks cannot turn into markup. Runs anywhere (no DOM needed), in time
 * linear in the length of `html` whatever it holds (`vectors/sanitize-pathological.json`).
 *
 * @example
 * ```ts
 * import { sanitizeArticleHtml } from '@rankquill/webhooks';
 * sanitizeArticleHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 * ```
 */
export function sanitizeArticleHtml(html: string): string {
  const sink = new AllowListSink();
  buildHtmlTree(html, sink);
  return sink.output;
}

/** Writes what the allow-list keeps of the tree it is told about. */
class AllowListSink implements HtmlTreeSink {
  output = '';
  /** Per open element, innermost last: whether its tags are written, whether it drops its content. */
  private readonly elements: Array<{ kept: boolean; drops: boolean }> = [];
  private dropping = 0;

  unwrapped(name: string): boolean {
    return !KEPT_TAGS.has(name) && !DROPPED_WITH_CONTENT.has(name);
  }

  open(name: string, attributes: ReadonlyMap<string, string>): void {
    const drops = DROPPED_WITH_CONTENT.has(name);
    const kept = this.dropping === 0 && !drops && KEPT_TAGS.has(name);
    this.elements.push({ kept, drops });
    if (drops) this.dropping++;
    if (kept) this.output += openTag(name, attributes);
  }

  close(name: string): void {
    const element = this.elements.pop();
    if (element?.drops) this.dropping--;
    if (element?.kept && !VOID_TAGS.has(name)) this.output += `</${name}>`;
  }

  text(text: string): void {
    if (this.dropping === 0) this.output += escapeText(text);
  }
}
