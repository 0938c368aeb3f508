import { countWords } from './article-html';
import type { SentenceRole } from './article-phrases';
import { escapeHtml } from './article-text';

/** A prose slot: sentences are written into it once the fixed parts are counted. */
export interface Prose {
  kind: 'prose';
  role: SentenceRole;
  weight: number;
  html: string;
}

/** One part of a generated article's body, in order. */
export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'rating'; label: string; text: string }
  | Prose;

export function prose(role: SentenceRole, weight: number): Prose {
  return { kind: 'prose', role, weight, html: '' };
}

/** Words of everything but the prose slots: headings, lists, tables and ratings. */
export function fixedWords(blocks: readonly Block[]): number {
  let words = 0;
  for (const block of blocks) {
    if (block.kind === 'heading') words += countWords(block.text);
    else if (block.kind === 'list') for (const item of block.items) words += countWords(item);
    else if (block.kind === 'table') {
      for (const row of [block.head, ...block.rows]) for (const cell of row) words += countWords(cell);
    } else if (block.kind === 'rating') words += countWords(`${block.label} ${block.text}`);
  }
  return words;
}

export function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const head = block.head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('');
      const rows = block.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
        .join('');
      return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
    }
    case 'rating':
      return `<p><strong>${escapeHtml(block.label)}</strong> ${escapeHtml(block.text)}</p>`;
    case 'prose':
      return block.html;
  }
}
