import { GROUP_LANGUAGES, groupLanguageOf } from '../../../scripts/readme-snippet.mjs';

/** The language a `###` heading names by its first word (`### Ruby (Minitest and RSpec)`), if any. */
const HEADING_LANGUAGES: Record<string, string> = {
  typescript: 'ts',
  python: 'python',
  php: 'php',
  ruby: 'ruby',
};

/**
 * A `##` section of a guide written one language per `###` subsection (`### TypeScript`,
 * `### Python`, `### PHP`, `### Ruby`), as docs/testing.md is: each subsection shows its language's
 * own helpers, so its samples stand apart, not as four adjacent blocks.
 */
export interface LanguageSection {
  /** Line of the `##` heading (1-based). */
  line: number;
  title: string;
  /** The languages of GROUP_LANGUAGES with a `###` subsection. */
  subsections: Set<string>;
  /** The lines of the fences of the samples inside their own language's subsection, by language. */
  samples: Map<string, number[]>;
}

/**
 * The `##` sections of a Markdown text with at least two language subsections. Headings inside
 * fenced blocks (a Ruby or shell comment) are not headings.
 */
export function languageSections(markdown: string): LanguageSection[] {
  const sections: LanguageSection[] = [];
  let section: LanguageSection | undefined;
  let language: string | undefined;
  let fenced = false;
  for (const [index, text] of markdown.split('\n').entries()) {
    if (/^```/.test(text)) {
      const opening = !fenced;
      fenced = !fenced;
      const lang = groupLanguageOf(/^```(\w*)/.exec(text)?.[1] ?? '');
      if (opening && section && language !== undefined && lang === language) {
        const lines = section.samples.get(language) ?? [];
        section.samples.set(language, [...lines, index + 1]);
      }
      continue;
    }
    if (fenced) continue;
    const heading = /^(#{1,3}) (.*)$/.exec(text);
    if (!heading) continue;
    const [, level, title = ''] = heading;
    if (level === '###') {
      language = section ? HEADING_LANGUAGES[title.split(/\s/)[0]?.toLowerCase() ?? ''] : undefined;
      if (section && language !== undefined) section.subsections.add(language);
      continue;
    }
    language = undefined;
    section =
      level === '##' ? { line: index + 1, title, subsections: new Set(), samples: new Map() } : undefined;
    if (section) sections.push(section);
  }
  return sections.filter((found) => found.subsections.size >= 2);
}

/** What a language section lacks, one line each: a subsection, or a sample in one. */
export function languageSectionProblems(file: string, section: LanguageSection): string[] {
  const names: Record<string, string> = { ts: 'TypeScript', python: 'Python', php: 'PHP', ruby: 'Ruby' };
  return GROUP_LANGUAGES.flatMap((language) => {
    const name = names[language];
    if (!section.subsections.has(language))
      return [
        `${file}:${section.line}: "${section.title}" has no ### ${name} subsection; add one with its sample`,
      ];
    if (!section.samples.has(language))
      return [`${file}:${section.line}: "${section.title}" has no ${language} sample under ### ${name}`];
    return [];
  });
}
