/**
 * The HTML an article body may hold, as plain data: the reference server sanitizes `content` with
 * it on every write, and every receiver (TypeScript, Python, PHP, Ruby) sanitizes what it
 * receives with it before storing or rendering. `vectors/html-allow-list.json` is this object
 * written out for the other languages; `vectors/README.md` says how a sanitizer applies it.
 *
 * - `tags`: elements kept. Any other element is removed but its text stays (unwrapped), except
 *   the `dropped_with_content` ones, which go with everything inside them.
 * - `attributes`: the attributes kept, per tag; every other attribute (event handlers, `style`,
 *   `class`, `id`) is removed.
 * - `url_attributes` must hold a relative URL or one whose scheme is in `url_schemes`; otherwise
 *   the attribute is removed. Protocol-relative URLs (`//host`) are refused.
 * - `new_window_link`: a link whose `target` opens another browsing context (anything but
 *   `same_context_targets`) gets the `add_rel` values in its `rel`.
 *
 * @example
 * ```ts
 * import { ARTICLE_HTML_ALLOW_LIST } from '@rankquill/contract';
 * ARTICLE_HTML_ALLOW_LIST.tags.includes('script'); // false
 * ARTICLE_HTML_ALLOW_LIST.attributes.a; // ['href', 'title', 'rel', 'target']
 * ```
 */
export const ARTICLE_HTML_ALLOW_LIST = {
  tags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  attributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  } as Readonly<Record<string, readonly string[]>>,
  url_attributes: ['href', 'src'],
  // data: is refused everywhere, images included: an article body links to hosted images.
  url_schemes: ['http', 'https', 'mailto'],
  dropped_with_content: [
    'script',
    'style',
    'iframe',
    'object',
    'embed',
    'form',
    'textarea',
    'option',
    'select',
    'button',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'svg',
    'math',
    'xmp',
    'title',
  ],
  new_window_link: {
    same_context_targets: ['_self', '_parent', '_top'],
    add_rel: ['noopener', 'noreferrer'],
  },
} as const;

/** The shape of {@link ARTICLE_HTML_ALLOW_LIST}. */
export type ArticleHtmlAllowList = typeof ARTICLE_HTML_ALLOW_LIST;
