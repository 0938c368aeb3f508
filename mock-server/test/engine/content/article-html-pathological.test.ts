import { describe, expect, it } from 'vitest';
import {
  cpuSeconds,
  MAX_SECONDS,
  pathologicalInputs,
} from '../../../../packages/webhooks/test/helpers/pathological-html';
import { countWords, htmlToText, sanitizeArticleHtml } from '../../../src/engine/content/article-html';

// Issue 29: the service's own write path must not stall on content built to be slow either. Each
// input of sanitize-pathological.json (as long as the API takes) is sanitized, bounded in depth,
// turned into text and counted, as a content update does, in under a second of CPU time.
describe('the server cleans every pathological article at the content limit in under a second', () => {
  it.each(pathologicalInputs.map((input) => [input.name, input] as const))('%s', (_name, { html }) => {
    const seconds = cpuSeconds(() => countWords(htmlToText(sanitizeArticleHtml(html))));
    expect(seconds, `CPU seconds for ${html.length} characters`).toBeLessThan(MAX_SECONDS);
  });
});
