import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../build/diagrams.mjs';

/** The built site. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Debian's Chromium, headless, as the dashboard's browser tests start it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

/** Every page of the site, as its path from the root (`/docs/pagination.html`), 404.html left out. */
export function sitePages(): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? entry.name === 'assets'
          ? []
          : walk(join(folder, entry.name))
        : entry.name.endsWith('.html') && entry.name !== '404.html'
          ? [`/${relative(DIST, join(folder, entry.name))}`]
          : [],
    );
  return walk(DIST).sort();
}

/** The ids of the elements of a built page, read from its HTML. */
export function idsOf(page: string): Set<string> {
  const html = readFileSync(join(DIST, page), 'utf8');
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => decodeHtml(match[1] ?? '')));
}

function decodeHtml(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** Opens a page and records its console errors and uncaught exceptions. */
export async function openRecording(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url, { waitUntil: 'load' });
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical violations axe-core finds on the page, one line each. */
export async function severeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global of the page once evaluated
    const axe = (globalThis as any).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
