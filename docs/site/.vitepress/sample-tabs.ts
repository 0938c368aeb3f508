import type MarkdownIt from 'markdown-it';

/** The languages of a sample group, in order, with the label of each tab. */
export const LANGUAGES = [
  { id: 'ts', fences: ['ts', 'typescript'], label: 'TypeScript' },
  { id: 'python', fences: ['python'], label: 'Python' },
  { id: 'php', fences: ['php'], label: 'PHP' },
  { id: 'ruby', fences: ['ruby'], label: 'Ruby' },
] as const;

function languageOf(info: string): (typeof LANGUAGES)[number] | undefined {
  const word = info.trim().split(/\s+/)[0] ?? '';
  return LANGUAGES.find((language) => (language.fences as readonly string[]).includes(word));
}

/**
 * A markdown-it rule for the sample groups of the guides (see docs/decisions.md, Documentation):
 * fenced blocks of TypeScript, Python, PHP and Ruby that follow each other with nothing between
 * them (blank lines make no token) become one tab list, a tab per language. The theme's language
 * switch (theme/language-switch.ts) shows the reader's language in every group of every page.
 * A block that stands alone stays as it is.
 */
export function sampleTabs(md: MarkdownIt): void {
  let groups = 0;
  md.core.ruler.push('rankquill_sample_tabs', (state) => {
    const tokens = state.tokens;
    for (let index = 0; index < tokens.length; index++) {
      let end = index;
      while (
        end < tokens.length &&
        tokens[end]?.type === 'fence' &&
        languageOf(tokens[end]?.info ?? '') &&
        !tokens
          .slice(index, end)
          .some((token) => languageOf(token.info) === languageOf(tokens[end]?.info ?? ''))
      )
        end++;
      if (end - index < 2) continue;
      const group = `samples-${++groups}`;
      const members = tokens.slice(index, end).map((token) => ({ token, language: languageOf(token.info) }));
      const tabs = members
        .map(
          ({ language }, at) =>
            `<button type="button" role="tab" class="rq-tab" id="${group}-${language?.id}-tab" data-lang="${language?.id}" aria-controls="${group}-${language?.id}" aria-selected="${at === 0}" tabindex="${at === 0 ? 0 : -1}">${language?.label}</button>`,
        )
        .join('');
      const open = new state.Token('html_block', '', 0);
      open.content = `<div class="rq-samples" data-languages="${members.map(({ language }) => language?.id).join(' ')}"><div class="rq-tabs" role="tablist" aria-label="Language of the sample">${tabs}</div>\n`;
      const replaced = [open];
      members.forEach(({ token, language }, at) => {
        const before = new state.Token('html_block', '', 0);
        before.content = `<div class="rq-sample" role="tabpanel" id="${group}-${language?.id}" data-lang="${language?.id}" aria-labelledby="${group}-${language?.id}-tab"${at === 0 ? '' : ' hidden'}>\n`;
        const after = new state.Token('html_block', '', 0);
        after.content = '</div>\n';
        replaced.push(before, token, after);
      });
      const close = new state.Token('html_block', '', 0);
      close.content = '</div>\n';
      replaced.push(close);
      tokens.splice(index, end - index, ...replaced);
      index += replaced.length - 1;
    }
  });
}
