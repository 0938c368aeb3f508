import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GROUP_LANGUAGES,
  groupLanguageOf,
  isCompleteGroup,
  sampleGroups,
} from '../../scripts/readme-snippet.mjs';
import { languageSectionProblems, languageSections } from './support/language-sections';
import { REPO_ROOT } from './support/markdown-files';

/**
 * The guides whose samples every language shows: each guide of docs/ with a TypeScript block. The
 * guides of one language (python.md, python-webhooks.md, php-webhooks.md) have none.
 */
function multiLanguageGuides(): { file: string; text: string }[] {
  return readdirSync(`${REPO_ROOT}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ file: `docs/${name}`, text: readFileSync(`${REPO_ROOT}docs/${name}`, 'utf8') }))
    .filter(({ text }) => /^```(ts|typescript)\s*$/m.test(text));
}

/**
 * What is wrong with the sample groups of a guide, one line each; none when every group is whole.
 * A section written one language per subsection (`### TypeScript`, `### Python`, ... as in
 * docs/testing.md) needs no groups: it needs a sample under each language's subsection instead.
 */
function groupProblems(file: string, markdown: string): string[] {
  const sections = languageSections(markdown);
  const problems = sections.flatMap((section) => languageSectionProblems(file, section));
  const inOwnSubsection = new Set(sections.flatMap((section) => [...section.samples.values()].flat()));
  for (const run of sampleGroups(markdown)) {
    // Blocks with a marker run elsewhere or say why they stand alone (`sample only: <reason>`).
    const standsApart = (sample: (typeof run.samples)[number]) =>
      sample.marker !== undefined || inOwnSubsection.has(sample.line);
    if (run.samples.every(standsApart)) continue;
    const marked = run.samples.filter((sample) => sample.marker !== undefined);
    for (const sample of marked)
      problems.push(`${file}:${sample.line}: a block of a sample group runs as it is; remove its marker`);
    if (isCompleteGroup(run)) continue;
    const languages = run.samples.map((sample) => groupLanguageOf(sample.lang));
    const missing = GROUP_LANGUAGES.filter((language) => !languages.includes(language));
    problems.push(
      missing.length > 0
        ? `${file}:${run.line}: the sample has no ${missing.join(', ')} block; add one right after the others`
        : `${file}:${run.line}: the group's blocks stand as ${languages.join(', ')}; write ${GROUP_LANGUAGES.join(', ')}, once each`,
    );
  }
  return problems;
}

describe('sample groups', () => {
  it('finds the runs of adjacent blocks, and which are whole', () => {
    const markdown = [
      '```ts',
      'a();',
      '```',
      '',
      '```python',
      'a()',
      '```',
      '```php',
      '<?php a();',
      '```',
      '',
      '```ruby',
      'a',
      '```',
      'Text between.',
      '```ts',
      'b();',
      '```',
      '```sh',
      'ls',
      '```',
      '```python',
      'c()',
      '```',
    ].join('\n');
    const runs = sampleGroups(markdown);
    expect(runs.map((run) => [run.line, run.samples.map((sample) => sample.lang).join(' ')])).toEqual([
      [1, 'ts python php ruby'],
      [16, 'ts'],
      [22, 'python'],
    ]);
    expect(runs.map(isCompleteGroup)).toEqual([true, false, false]);
  });

  it('names the guide, the line and the missing languages of a sample in some languages only', () => {
    const markdown = ['```ts', 'a();', '```', '', '```python', 'a()', '```', ''].join('\n');
    expect(groupProblems('docs/x.md', markdown)).toEqual([
      'docs/x.md:1: the sample has no php, ruby block; add one right after the others',
    ]);
    expect(groupProblems('docs/x.md', '```ruby\na\n```\n```ts\na();\n```\n')).toEqual([
      'docs/x.md:1: the sample has no python, php block; add one right after the others',
    ]);
    const marked = '<!-- sample only: MSW intercepts fetch in a JavaScript process -->\n```ts\na();\n```\n';
    expect(groupProblems('docs/x.md', marked)).toEqual([]);
  });

  it('takes a section written one language per ### subsection as whole when each language has its sample', () => {
    const section = (languages: string[]) =>
      [
        '## Testing your error handling',
        'Intro.',
        ...languages.flatMap((language) => {
          const [heading, fence] = language.split(':');
          return [`### ${heading}`, '', 'Text.', '', `\`\`\`${fence}`, '# ## not a heading', '```', ''];
        }),
        '## Next',
      ].join('\n');
    const whole = ['TypeScript:ts', 'Python (pytest):python', 'PHP:php', 'Ruby (Minitest and RSpec):ruby'];
    expect(groupProblems('docs/testing.md', section(whole))).toEqual([]);
    expect(groupProblems('docs/testing.md', section(['TypeScript:ts', 'Python:python', 'PHP:php']))).toEqual([
      'docs/testing.md:1: "Testing your error handling" has no ### Ruby subsection; add one with its sample',
    ]);
    // A subsection with only prose, or a block of another language, has no sample.
    expect(
      groupProblems('docs/testing.md', section(['TypeScript:ts', 'Python:sh', 'PHP:php', 'Ruby:ruby'])),
    ).toEqual(['docs/testing.md:1: "Testing your error handling" has no python sample under ### Python']);
    // Outside such a section a lone block still needs its counterparts.
    expect(groupProblems('docs/x.md', '## Alone\n\n### TypeScript\n\n```ts\na();\n```\n')).toEqual([
      'docs/x.md:5: the sample has no python, php, ruby block; add one right after the others',
    ]);
  });

  it('holds in every guide: a sample in one language has its counterpart in each of the others', () => {
    const guides = multiLanguageGuides();
    expect(guides.map(({ file }) => file)).toContain('docs/getting-started.md');
    expect(guides.flatMap(({ file, text }) => groupProblems(file, text))).toEqual([]);
    const groups = guides.flatMap(({ text }) => sampleGroups(text).filter(isCompleteGroup));
    expect(groups.length).toBeGreaterThanOrEqual(17);
  });
});
