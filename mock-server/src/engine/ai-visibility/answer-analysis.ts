import { findUrls, isHostOnDomain } from './citation-extraction';
import { type BrandMention, findBrandMentions } from './mention-detection';

/** What the engine finds in an AI answer. */
export interface AnswerAnalysis {
  mentioned: boolean;
  mentions: BrandMention[];
  /** Every URL cited, in order, each once. */
  cited_urls: string[];
  /** The cited URLs on the project's domain or its subdomains. */
  project_citations: string[];
}

/**
 * Reads an answer for the project: its brand mentions (`mention-detection.ts`) and its
 * citations (`citation-extraction.ts`). Runs on the text whatever wrote it, so a real answer
 * provider gets the same treatment as the simulated one.
 *
 * @example
 * ```ts
 * const found = analyzeAnswer('Northwind Coffee is good: https://northwind-coffee.example/x', {
 *   name: 'Northwind Coffee',
 *   domain: 'northwind-coffee.example',
 *   brand_names: ['Northwind Coffee'],
 * });
 * found.mentioned; // true
 * found.project_citations; // ['https://northwind-coffee.example/x']
 * ```
 */
export function analyzeAnswer(
  text: string,
  project: { name: string; domain: string; brand_names: readonly string[] },
): AnswerAnalysis {
  const mentions = findBrandMentions(text, brandNamesOf(project));
  const cited = new Map<string, string>();
  for (const { url, host } of findUrls(text)) if (!cited.has(url)) cited.set(url, host);
  return {
    mentioned: mentions.length > 0,
    mentions,
    cited_urls: [...cited.keys()],
    project_citations: [...cited]
      .filter(([, host]) => isHostOnDomain(host, project.domain))
      .map(([url]) => url),
  };
}

/** The names that count as the brand: the project's `brand_names`, or its name when that list is empty. */
export function brandNamesOf(project: { name: string; brand_names: readonly string[] }): readonly string[] {
  return project.brand_names.length > 0 ? project.brand_names : [project.name];
}
