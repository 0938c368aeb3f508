import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DefaultTheme, defineConfig } from 'vitepress';
import { mermaidDiagrams } from './diagrams';
import { sampleTabs } from './sample-tabs';

// The documentation site (`pnpm docs:build`): build/build.mjs assembles its pages into ../src
// (the guides, the references of the four languages, decisions, architecture, the changelogs)
// with the sidebar in ../src/sidebar.json and the diagrams in ../src/diagrams.json, then runs
// `vitepress build`. Nothing in ../src is written by hand.
const src = fileURLToPath(new URL('../src/', import.meta.url));
const sidebar: DefaultTheme.SidebarItem[] = existsSync(`${src}sidebar.json`)
  ? JSON.parse(readFileSync(`${src}sidebar.json`, 'utf8'))
  : [];

export default defineConfig({
  title: 'Rankquill',
  description: 'SDKs (TypeScript, Python, PHP, Ruby) and the reference server of the Rankquill service',
  lang: 'en',
  srcDir: 'src',
  outDir: '../dist',
  cacheDir: '.cache',
  // Every link between pages must resolve: a dead one fails the build.
  ignoreDeadLinks: false,
  cleanUrls: false,
  lastUpdated: false,
  // The site has no icon: an empty one spares every page a request for /favicon.ico and its 404.
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  // The local search index of the guides and four API references is one chunk (VitePress builds
  // one index per locale) of about 2.6 MB, loaded when the search opens; a bigger chunk warns.
  vite: { build: { chunkSizeWarningLimit: 3072 } },
  markdown: {
    // The pages hold no HTML of their own: `<slug>` in a sentence is text, as on GitHub.
    html: false,
    // GitHub's high-contrast light theme: every token reaches 4.5:1 on white (axe-core).
    theme: { light: 'github-light-high-contrast', dark: 'github-dark' },
    config(md) {
      sampleTabs(md);
      mermaidDiagrams(md, `${src}diagrams.json`);
    },
  },
  themeConfig: {
    nav: [
      { text: 'Guides', link: '/docs/getting-started' },
      {
        text: 'Reference',
        items: [
          { text: 'TypeScript', link: '/reference/typescript/' },
          { text: 'Python', link: '/reference/python/' },
          { text: 'PHP', link: '/reference/php/' },
          { text: 'Ruby', link: '/reference/ruby/' },
        ],
      },
      { text: 'Decisions', link: '/docs/decisions' },
    ],
    sidebar,
    // A local index, built with the site: search works offline.
    search: {
      provider: 'local',
      // The button's name is its visible text (axe-core: label-content-name-mismatch).
      options: { translations: { button: { buttonText: 'Search', buttonAriaLabel: 'Search' } } },
    },
    outline: { level: [2, 3] },
  },
});
