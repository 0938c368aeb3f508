// Assembles the pages of the documentation site into docs/site/src: the guides of docs/ at
// docs/<name>.md, and the READMEs, api.md files and changelogs at their paths in the repository,
// so that the links between them resolve as they do on GitHub. A link to anything the site does
// not hold (a source file, a folder without a README) keeps its text and loses its target. Text
// that Vue or VitePress would read as markup (`{` outside code) is escaped, and the HTML comments
// (the tests' markers) are left out. Writes the
// sidebar as sidebar.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, posix } from 'node:path';

const GUIDES = [
  'getting-started',
  'errors-and-retries',
  'pagination',
  'rate-limits',
  'exports',
  'keywords',
  'ai-visibility',
  'webhooks',
  'testing',
  'dashboard',
  'pdf-report',
  'deploy',
];
const LANGUAGE_GUIDES = ['python', 'python-webhooks', 'php-webhooks'];
const PROJECT = ['decisions', 'architecture'];

/** Repository paths (from the root) of every page of the site but the references. */
export function sourcePages(root) {
  const pages = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  pages.push('api.md');
  for (const folder of ['packages', 'examples']) {
    for (const name of readdirSync(join(root, folder)).sort()) {
      for (const file of ['README.md', 'CHANGELOG.md', 'api.md']) {
        if (existsSync(join(root, folder, name, file))) pages.push(`${folder}/${name}/${file}`);
      }
    }
  }
  for (const file of ['README.md', 'CHANGELOG.md']) {
    if (existsSync(join(root, 'mock-server', file))) pages.push(`mock-server/${file}`);
  }
  return pages.sort();
}

/**
 * Escapes `{` in a paragraph's text outside its code spans: Vue would read `{{` as an expression,
 * and VitePress's Markdown a trailing `{...}` as attributes. Raw HTML needs nothing: the site's
 * Markdown reads none (`html: false` in .vitepress/config.mts), so `<slug>` stays text.
 */
function escapeParagraph(paragraph) {
  return paragraph
    .split('`')
    .map((part, index) => (index % 2 === 1 ? part : part.replaceAll('{', '&#123;')))
    .join('`');
}

/**
 * Escapes what Vue would read as markup in the text of a Markdown page: outside fenced blocks,
 * paragraph by paragraph (a code span may run over two lines, never over a blank one).
 */
export function escapeForVue(markdown) {
  const out = [];
  let prose = [];
  let fence = null;
  const flush = () => {
    // HTML comments are markers for the tests (`<!-- sample ... -->`), not for readers.
    const text = prose.join('\n').replace(/<!--[\s\S]*?-->\n?/g, '');
    out.push(
      text
        .split(/\n\s*\n/)
        .map(escapeParagraph)
        .join('\n\n'),
    );
    prose = [];
  };
  for (const line of markdown.split('\n')) {
    const opens = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      out.push(line);
      if (opens?.[1].startsWith(fence)) fence = null;
    } else if (opens) {
      if (prose.length > 0) flush();
      fence = opens[1];
      out.push(line);
    } else {
      prose.push(line);
    }
  }
  if (prose.length > 0) flush();
  return out.join('\n');
}

/** Rewrites the relative links of the page at `file` (a repository path): see the header. */
export function rewriteLinks(markdown, file, pages) {
  const here = posix.dirname(file);
  return markdown.replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, bang, text, target) => {
    if (bang || /^[a-z]+:|^#|^\//i.test(target)) return whole;
    const [path, anchor] = target.split('#');
    const resolved = posix.normalize(posix.join(here, path));
    const page = pages.has(resolved)
      ? resolved
      : pages.has(posix.join(resolved, 'README.md'))
        ? posix.join(resolved, 'README.md')
        : undefined;
    if (!page) return text;
    const relative = posix.relative(here, page) || posix.basename(page);
    return `[${text}](${relative}${anchor ? `#${anchor}` : ''})`;
  });
}

function markdownUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownUnder(join(folder, entry.name))
      : entry.name.endsWith('.md')
        ? [join(folder, entry.name)]
        : [],
  );
}

function titleOf(markdown, fallback) {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.replaceAll('`', '').trim() ?? fallback;
}

const link = (path) => `/${path.replace(/\.md$/, '')}`;

/** Writes the pages into `src` and answers the sidebar (the references' entries included). */
export function assemble(root, src, references) {
  const pages = sourcePages(root);
  const set = new Set(pages);
  const titles = new Map();
  for (const file of pages) {
    const text = readFileSync(join(root, file), 'utf8');
    titles.set(file, titleOf(text, file));
    const target = join(src, normalize(file));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, escapeForVue(rewriteLinks(text, file, set)));
  }
  // The references come from the languages' own tools as plain Markdown: escape them the same way.
  for (const file of markdownUnder(join(src, 'reference'))) {
    writeFileSync(file, escapeForVue(readFileSync(file, 'utf8')));
  }
  const item = (file) => ({ text: titles.get(file) ?? file, link: link(file) });
  const sidebar = [
    {
      text: 'Guides',
      items: GUIDES.filter((name) => titles.has(`docs/${name}.md`)).map((name) => item(`docs/${name}.md`)),
    },
    {
      text: 'By language',
      items: [
        ...LANGUAGE_GUIDES.map((name) => item(`docs/${name}.md`)),
        ...pages.filter((file) => /^(packages\/[^/]+|mock-server)\/README\.md$/.test(file)).map(item),
      ],
    },
    { text: 'API reference', items: [...references, item('api.md')] },
    {
      text: 'Examples',
      items: pages.filter((file) => file.startsWith('examples/')).map(item),
    },
    {
      text: 'Project',
      items: [
        ...PROJECT.map((name) => item(`docs/${name}.md`)),
        ...pages
          .filter((file) => file.endsWith('CHANGELOG.md'))
          .map((file) => ({
            text: `Changelog: ${file.split('/').slice(-2, -1)[0]}`,
            link: link(file),
          })),
      ],
    },
  ];
  const listed = new Set(JSON.stringify(sidebar).match(/"link":"[^"]+"/g));
  const rest = pages.filter((file) => !listed.has(`"link":"${link(file)}"`) && file.startsWith('docs/'));
  if (rest.length > 0) sidebar[0].items.push(...rest.map(item));
  mkdirSync(join(src, 'changelog'), { recursive: true });
  writeFileSync(join(src, 'changelog/typescript.md'), escapeForVue(typescriptChangelog(root)));
  sidebar[4].items.unshift({ text: 'Changelog: TypeScript packages', link: '/changelog/typescript' });
  writeFileSync(join(src, 'sidebar.json'), JSON.stringify(sidebar, null, 2));
  writeFileSync(join(src, 'index.md'), home(titles));
  return pages;
}

/**
 * The TypeScript packages' changelog: their changes not released yet, one changeset each
 * (.changeset/*.md, which `changeset version` turns into each package's CHANGELOG.md).
 */
function typescriptChangelog(root) {
  const entries = readdirSync(join(root, '.changeset'))
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => {
      const text = readFileSync(join(root, '.changeset', name), 'utf8');
      const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
      const packages = [...front.matchAll(/"([^"]+)":\s*(\w+)/g)].map(
        ([, pkg, bump]) => `\`${pkg}\` (${bump})`,
      );
      return `## ${name.replace(/\.md$/, '')}\n\n${packages.join(', ')}\n\n${body.trim()}\n`;
    });
  return `# Changelog: the TypeScript packages\n\nChanges not released yet, from the changesets of the repository.\n\n${entries.join('\n')}`;
}

function home(titles) {
  const guides = GUIDES.filter((name) => titles.has(`docs/${name}.md`))
    .map((name) => `- [${titles.get(`docs/${name}.md`)}](docs/${name}.md)`)
    .join('\n');
  return `# Rankquill

SDKs in TypeScript, Python, PHP and Ruby, and the reference server of the Rankquill content,
keyword and AI-visibility service. Every sample of the guides is shown in the four languages:
pick yours on any sample and the site keeps it, on every page. Each sample runs in its
language's test suite against the reference server.

## Guides

${guides}

## API reference

- [TypeScript](reference/typescript/index.md), [Python](reference/python/index.md),
  [PHP](reference/php/index.md), [Ruby](reference/ruby/index.md), built from the doc comments.
- [Every method of the TypeScript clients](api.md), with its types.

## The project

- [Decisions where the spec is silent](docs/decisions.md), [architecture](docs/architecture.md).
`;
}
