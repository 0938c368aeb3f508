import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type MarkdownIt from 'markdown-it';

/** The key of a Mermaid diagram's source in the file build/diagrams.mjs writes. */
export function diagramKey(source: string): string {
  return createHash('sha256').update(source.trim()).digest('hex').slice(0, 16);
}

/**
 * Renders each ```mermaid block as the SVG that build/diagrams.mjs drew for it at build time in
 * Chromium, so the site ships no diagram library. GitHub draws the same blocks itself.
 */
export function mermaidDiagrams(md: MarkdownIt, diagramsFile: string): void {
  const drawn: Record<string, string> = existsSync(diagramsFile)
    ? JSON.parse(readFileSync(diagramsFile, 'utf8'))
    : {};
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index];
    if (token?.info.trim() !== 'mermaid') return fence?.(tokens, index, options, env, self) ?? '';
    const svg = drawn[diagramKey(token.content)];
    if (!svg)
      throw new Error(
        `no drawing for the mermaid block at line ${(token.map?.[0] ?? 0) + 1}: run build/diagrams.mjs`,
      );
    // Through v-html, so that Vue takes the SVG as it is when the page hydrates: written into the
    // template, Mermaid's SVG (HTML in foreignObject) hydrated with mismatches, a console error.
    const literal = JSON.stringify(svg)
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll('<', '&lt;');
    return `<figure class="rq-diagram" v-html="${literal}"></figure>\n`;
  };
}
