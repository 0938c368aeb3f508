import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import type { Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';

/**
 * The Markdown tree of article HTML, through the syntax-tree utilities of the unified collective:
 * pure JavaScript with their own HTML parser, so this runs in Node, browsers and workers alike,
 * with no DOM.
 */
export function htmlToMarkdownTree(html: string): RootContent[] {
  const tree = toMdast(fromHtml(html, { fragment: true })) as Root;
  return tree.children;
}

/** Writes a Markdown tree as GitHub-flavoured Markdown (tables included); text is escaped as needed. */
export function markdownOf(children: RootContent[]): string {
  return toMarkdown(
    { type: 'root', children },
    { bullet: '-', emphasis: '_', fences: true, rule: '-', extensions: [gfmToMarkdown()] },
  );
}

/**
 * Converts article HTML to GitHub-flavoured Markdown.
 *
 * @example
 * ```ts
 * htmlToMarkdown('<h2>Ratio</h2><p>Use <strong>1:8</strong>.</p>'); // '## Ratio\n\nUse **1:8**.\n'
 * ```
 */
export function htmlToMarkdown(html: string): string {
  return markdownOf(htmlToMarkdownTree(html));
}
