import { CONTENT_MAX_CHARACTERS } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../src/sanitize-article-html';
import { cpuSeconds, MAX_SECONDS, pathologicalInputs } from './helpers/pathological-html';

// Issue 29: a link whose href was `<!--` repeated stalled the receiver for minutes. Every input of
// sanitize-pathological.json is as long as the API lets content be, and built to make a
// sanitizer do more than linear work if it can; each must take under a second of CPU time.
describe('sanitize-pathological.json', () => {
  it('fills the content limit of the contract', () => {
    expect(pathologicalInputs.length).toBeGreaterThanOrEqual(60);
    for (const { name, html } of pathologicalInputs) {
      expect(html.length, name).toBeLessThanOrEqual(CONTENT_MAX_CHARACTERS);
      expect(html.length, name).toBeGreaterThan(CONTENT_MAX_CHARACTERS * 0.99);
    }
  });

  it.each(pathologicalInputs.map((input) => [input.name, input] as const))('%s', (_name, { html }) => {
    const seconds = cpuSeconds(() => sanitizeArticleHtml(html));
    expect(seconds, `CPU seconds for ${html.length} characters`).toBeLessThan(MAX_SECONDS);
  });

  it("keeps issue 29's link as a harmless relative URL, escaped", () => {
    const html = `<a href="${'<!--'.repeat(1000)}javascript:alert(1)">x</a>`;
    expect(sanitizeArticleHtml(html)).toBe(`<a href="${'&lt;!--'.repeat(1000)}javascript:alert(1)">x</a>`);
    expect(sanitizeArticleHtml('<a href="<!---->javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    // Removing one comment forms another (`<!-` + `--->`), which goes too.
    expect(sanitizeArticleHtml('<a href="java<!-<!---->--->script:alert(1)">x</a>')).toBe('<a>x</a>');
  });
});
