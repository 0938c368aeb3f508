/** Where a sentence lies in a text: `text.slice(start, end)`. */
export interface SentenceSpan {
  start: number;
  end: number;
}

/** A list marker at the start of a line: `- `, `* `, `• `, `1. `, `2) `, or a Markdown heading's `#`s. */
const LINE_MARKER = /^[ \t]*(?:[-*•]|\d{1,3}[.)]|#{1,6})[ \t]+/;
/**
 * The end of a sentence: `.`, `!` or `?` (repeated or not), closing quotes or brackets, and any
 * numbered references that follow (`. [1][2]`), then a space or the end of the line.
 */
const SENTENCE_END = /[.!?]+["'\u2019\u201d)\]*_]*(?:[ \t]*\[\d{1,3}\])*(?=\s|$)/g;

/**
 * Splits an answer into sentences. A line break always ends a sentence (list items and headings
 * are sentences of their own, without their marker); within a line a sentence ends at `.`, `!`
 * or `?` followed by whitespace, so the dots inside URLs, domains and numbers such as 4.5 do not
 * split, and numbered references after it (`[1]`) stay with it. Blank lines are not sentences.
 *
 * @example
 * ```ts
 * const text = 'Try this. Or that!\n- A list item';
 * sentenceSpans(text).map((span) => text.slice(span.start, span.end));
 * // ['Try this.', 'Or that!', 'A list item']
 * ```
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const marker = LINE_MARKER.exec(line);
    let start = marker ? marker[0].length : 0;
    SENTENCE_END.lastIndex = start;
    for (let end = SENTENCE_END.exec(line); end; end = SENTENCE_END.exec(line)) {
      push(spans, text, lineStart + start, lineStart + end.index + end[0].length);
      start = end.index + end[0].length;
    }
    push(spans, text, lineStart + start, lineEnd);
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return spans;
}

/** The 0-based index of the sentence holding `offset`, or of the last one before it. */
export function sentenceIndexAt(spans: readonly SentenceSpan[], offset: number): number {
  let found = 0;
  for (const [index, span] of spans.entries()) {
    if (span.start > offset) break;
    found = index;
  }
  return found;
}

function push(spans: SentenceSpan[], text: string, from: number, to: number): void {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  if (end > start) spans.push({ start, end });
}
