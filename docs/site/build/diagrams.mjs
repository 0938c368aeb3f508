// Draws the Mermaid diagrams of the site's pages at build time, in Debian's Chromium (the one the
// browser tests use), and writes them to <src>/diagrams.json as SVG by the hash of their source:
// the site then ships pictures, not a diagram library. GitHub draws the same ```mermaid blocks.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The same key as .vitepress/diagrams.ts gives a block's source. */
function diagramKey(source) {
  return createHash('sha256').update(source.trim()).digest('hex').slice(0, 16);
}

function markdownFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'reference' ? [] : markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Every ```mermaid block of the pages under `src`, by key. */
export function mermaidSources(src) {
  const sources = new Map();
  for (const file of markdownFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)) {
      sources.set(diagramKey(match[1]), match[1]);
    }
  }
  return sources;
}

export function ensureChromium(root) {
  if (existsSync(CHROMIUM_PATH)) return;
  const result = spawnSync('bash', [join(root, 'scripts/debian-packages.sh'), 'chromium'], {
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(CHROMIUM_PATH))
    throw new Error('Chromium is missing and could not be installed');
}

export async function drawDiagrams(root, src) {
  const sources = mermaidSources(src);
  const drawn = {};
  if (sources.size > 0) {
    ensureChromium(root);
    const mermaid = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ path: mermaid });
      let index = 0;
      for (const [key, source] of sources) {
        drawn[key] = await page.evaluate(
          async ({ id, text }) => {
            const mermaid = globalThis.mermaid;
            mermaid.initialize({ startOnLoad: false, theme: 'neutral', securityLevel: 'strict' });
            return (await mermaid.render(id, text)).svg;
          },
          { id: `diagram-${++index}`, text: source },
        );
      }
    } finally {
      await browser.close();
    }
  }
  writeFileSync(join(src, 'diagrams.json'), JSON.stringify(drawn));
  return sources.size;
}
