import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { limitNesting } from '../content/article-html';

/**
 * The Markdown tree of article HTML, through the syntax-tree utilities of the unified collective:
 * pure JavaScript with their own HTML parser, so this runs in Node, browsers and workers alike,
 * with no DOM.
 */
export function htmlToMarkdownTree(html: string): RootContent[] {
  // Articles are bounded on write; rows stored before the bound are bounded here.
  const tree = toMdast(fromHtml(limitNesting(html), { fragment: true })) as Root;
  dropRepeatedMarks(tree, new Set());
  return inParagraphs(tree.children);
}

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'image']);

/**
 * Text and inline elements at the top of an article (HTML without a `<p>`) go into paragraphs:
 * the Markdown writer reads a root holding any phrasing as one line of phrasing, which would run
 * the export's heading, metadata list and body together.
 */
function inParagraphs(children: RootContent[]): RootContent[] {
  const blocks: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const close = () => {
    if (run.some((node) => node.type !== 'text' || node.value.trim() !== '')) {
      blocks.push({ type: 'paragraph', children: run });
    }
    run = [];
  };
  for (const child of children) {
    if (PHRASING.has(child.type)) run.push(child as PhrasingContent);
    else {
      close();
      blocks.push(child);
    }
  }
  close();
  return blocks;
}

/** Phrasing that marks its text; inside one of its own kind it adds nothing. */
const MARKS = new Set(['emphasis', 'strong', 'delete']);

/**
 * Unwraps emphasis inside emphasis (strong inside strong, delete inside delete): `<i><i>x</i></i>`
 * reads as `<i>x</i>`. The Markdown writer's cost grows with the depth of nested phrasing (about
 * its fourth power), so this keeps that depth at most three and the conversion linear.
 */
function dropRepeatedMarks(node: Nodes, marks: ReadonlySet<string>): void {
  if (!('children' in node)) return;
  const children: Nodes[] = [];
  for (const child of node.children as Nodes[]) {
    if (MARKS.has(child.type) && marks.has(child.type)) {
      dropRepeatedMarks(child, marks);
      if ('children' in child) children.push(...(child.children as Nodes[]));
      continue;
    }
    dropRepeatedMarks(child, MARKS.has(child.type) ? new Set([...marks, child.type]) : marks);
    children.push(child);
  }
  (node as { children: Nodes[] }).children = children;
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
