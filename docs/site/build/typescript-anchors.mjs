// Mends the anchors of the TypeScript reference that typedoc-plugin-markdown writes for another
// renderer than VitePress: its anchors keep `_` (`#article_html_allow_list`) where VitePress's
// heading ids have `-`, and some point at members it renders in a code block rather than under a
// heading of their own (the `#constructor…` of a constructor left out as `@internal`). A link whose
// anchor a page has under VitePress's rules is rewritten to it, one to a constructor to its class;
// one to an anchor no heading makes keeps its text and loses the link. The site's link test
// (docs/site/test/links.test.ts) checks every anchor of the built pages.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// VitePress's slugify (@mdit-vue/shared, bundled into VitePress), which gives each heading its id.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters VitePress removes
const rControl = /[\u0000-\u001f]/g;
const rSpecial = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const rCombining = /[\u0300-\u036F]/g;
export const slugify = (text) =>
  text
    .normalize('NFKD')
    .replace(rCombining, '')
    .replace(rControl, '')
    .replace(rSpecial, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();

/** The text a Markdown heading shows: no escapes, code marks, emphasis or link targets. */
function headingText(markdown) {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/[`*]/g, '')
    .trim();
}

/** The ids VitePress gives the headings of a Markdown page (a repeated slug gets `-1`, `-2`, ...). */
export function headingIds(markdown) {
  const ids = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^```/.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const slug = slugify(headingText(heading[1]));
    let id = slug;
    for (let n = 1; ids.has(id); n++) id = `${slug}-${n}`;
    ids.add(id);
  }
  return ids;
}

function markdownFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Mends the anchors of the Markdown pages under `folder`; answers how many links it changed. */
export function mendAnchors(folder) {
  const files = markdownFiles(folder);
  const ids = new Map(files.map((file) => [file, headingIds(readFileSync(file, 'utf8'))]));
  let changed = 0;
  for (const file of files) {
    const markdown = readFileSync(file, 'utf8');
    const mended = markdown.replace(/\[([^\]]*)\]\(([^)\s#]*)#([^)\s]+)\)/g, (link, text, target, anchor) => {
      const page = target === '' ? file : resolve(dirname(file), target);
      const known = ids.get(page);
      if (!known || known.has(anchor)) return link;
      changed++;
      // `Extends APIError<this>` links to the constructor; the class's own heading serves.
      const slug = [slugify(anchor), anchor.replace(/^constructor/, '')].find((id) => known.has(id));
      return slug ? `[${text}](${target}#${slug})` : text;
    });
    if (mended !== markdown) writeFileSync(file, mended);
  }
  return changed;
}
