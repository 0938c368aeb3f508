// The language switch of the sample groups (see ../sample-tabs.ts): a tab shows its language in
// every group of the page and is remembered (localStorage) for the next pages. Arrow keys move
// between the tabs of a group, as a tab list should.

const STORAGE_KEY = 'rankquill-language';

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (a privacy setting): the choice lasts for the page only
  }
}

/** Shows `language` in each group that has it; a group without it keeps what it shows. */
export function showLanguage(language: string, root: ParentNode = document): void {
  for (const group of root.querySelectorAll<HTMLElement>('.rq-samples')) {
    if (!group.dataset.languages?.split(' ').includes(language)) continue;
    for (const tab of group.querySelectorAll<HTMLElement>('.rq-tab')) {
      const selected = tab.dataset.lang === language;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    for (const panel of group.querySelectorAll<HTMLElement>('.rq-sample')) {
      panel.hidden = panel.dataset.lang !== language;
    }
  }
}

/** Applies the remembered language to the page: after the first load and after each navigation. */
export function applyStoredLanguage(): void {
  const language = stored();
  if (language) showLanguage(language);
}

function choose(language: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {}
  showLanguage(language);
}

/** Listens for clicks and arrow keys on the tabs, once for the whole document. */
export function installLanguageSwitch(): void {
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest<HTMLElement>('.rq-tab');
    if (tab?.dataset.lang) choose(tab.dataset.lang);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest<HTMLElement>('.rq-tab');
    if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const tabs = [...(tab.parentElement?.querySelectorAll<HTMLElement>('.rq-tab') ?? [])];
    const at = tabs.indexOf(tab);
    const next =
      event.key === 'Home'
        ? tabs[0]
        : event.key === 'End'
          ? tabs[tabs.length - 1]
          : tabs[(at + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next?.dataset.lang) return;
    event.preventDefault();
    choose(next.dataset.lang);
    next.focus();
  });
}
