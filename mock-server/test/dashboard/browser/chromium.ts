import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium; `install-chromium.ts` installs it when missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where screenshots and measurements go: git-ignored, kept after the run as test artifacts. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../../../.test-results/dashboard/', import.meta.url));

/**
 * Starts headless Chromium with flags that work in a container without a GPU or network, on a
 * fresh profile (Playwright gives each launch its own user data directory).
 */
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
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page and fails on any serious or critical violation. axe is evaluated
 * through the DevTools protocol, which the page's policy (no script at all) does not govern.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global of the page once evaluated
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  const severe = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(severe, `accessibility of ${name}`).toEqual([]);
}

/**
 * Saves a screenshot of the whole page, or of one element, as
 * `<ARTIFACTS_DIR>/screenshots/<name>.png` and answers its path.
 */
export async function screenshot(page: Page, name: string, element?: Locator): Promise<string> {
  const dir = `${ARTIFACTS_DIR}screenshots/`;
  mkdirSync(dir, { recursive: true });
  const path = `${dir}${name}.png`;
  if (element) await element.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Clicks a control that navigates (a link, a form's button, through any 303) and waits until
 * the new page has loaded. Pages are rendered on the server, so what follows can read them at once.
 */
export async function navigate(page: Page, control: Locator): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await control.click();
  await navigated;
  await page.waitForLoadState('load');
}

/** The visible text of the first element the locator finds (waiting for it to appear). */
export async function textOf(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text as shown, line breaks included, which is what the tests read
  return locator.first().innerText();
}

/**
 * Waits until the element shows `text`, across the reloads of a page that refreshes itself while
 * work is under way.
 */
export async function waitForText(locator: Locator, text: string, timeout = 20_000): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout });
}
