import { ARTICLE_HTML_ALLOW_LIST } from '@rankquill/contract/webhooks';
import { Parser } from 'htmlparser2';

const { tags, attributes, url_attributes, url_schemes, dropped_with_content, new_window_link } =
  ARTICLE_HTML_ALLOW_LIST;
const KEPT_TAGS = new Set<string>(tags);
const KEPT_ATTRIBUTES = new Map<string, ReadonlySet<string>>(
  Object.entries(attributes).map(([tag, names]) => [tag, new Set(names)]),
);
const URL_ATTRIBUTES = new Set<string>(url_attributes);
const URL_SCHEMES = new Set<string>(url_schemes);
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

/**
 * True when a URL attribute may keep `value`: a path-relative URL, or one whose scheme is in the
 * allow-list. Browsers ignore control characters and spaces inside a scheme (`java\tscript:`),
 * so those are removed before the scheme is read; `//host` and `\\host` are refused.
 */
function isAllowedArticleUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what browsers skip
  let cleaned = value.replace(/[\u0000-\u0020]+/g, '');
  for (let previous = ''; previous !== cleaned; ) {
    previous = cleaned;
    cleaned = cleaned.replace(/<!--[\s\S]*?-->/, '');
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.+-]*):/.exec(cleaned)?.[1];
  if (scheme !== undefined) return URL_SCHEMES.has(scheme.toLowerCase());
  return !/^[/\\]{2}/.test(cleaned);
}

function openTag(name: string, received: Record<string, string>): string {
  let attribs = received;
  const target = attribs.target?.trim().toLowerCase();
  if (name === 'a' && target && !SAME_CONTEXT_TARGETS.has(target)) {
    const rel = new Set((attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
    for (const value of new_window_link.add_rel) rel.add(value);
    attribs = { ...attribs, rel: [...rel].join(' ') };
  }
  const allowed = KEPT_ATTRIBUTES.get(name);
  let tag = `<${name}`;
  for (const [attribute, value] of Object.entries(attribs)) {
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
 * is re-escaped, so entity tricks cannot turn into markup. Runs anywhere (no DOM needed).
 *
 * @example
 * ```ts
 * import { sanitizeArticleHtml } from '@rankquill/webhooks';
 * sanitizeArticleHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 * ```
 */
export function sanitizeArticleHtml(html: string): string {
  let output = '';
  const open: Array<{ kept: boolean; drops: boolean }> = [];
  let dropping = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const drops = DROPPED_WITH_CONTENT.has(name);
        const kept = dropping === 0 && !drops && KEPT_TAGS.has(name);
        open.push({ kept, drops });
        if (drops) dropping++;
        if (kept) output += openTag(name, attribs);
      },
      ontext(text) {
        if (dropping === 0) output += escapeText(text);
      },
      // The parser closes elements innermost first (implied ones too), so the stack top is `name`.
      onclosetag(name) {
        const element = open.pop();
        if (element?.drops) dropping--;
        if (element?.kept && !VOID_TAGS.has(name)) output += `</${name}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return output;
}
