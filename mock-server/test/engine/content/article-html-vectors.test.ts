import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sanitizeArticleHtml as sanitizeForReceiver } from '@rankquill/webhooks';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../src/engine/content/article-html';

interface SanitizeCase {
  name: string;
  html: string;
  contains: string[];
  not_contains: string[];
}

const { cases } = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../packages/contract/vectors/sanitize.json', import.meta.url)),
    'utf8',
  ),
) as { cases: SanitizeCase[] };

// The receivers of every language run these vectors; the server's own sanitizer must pass them too.
describe('the server sanitizes like the shared vectors say', () => {
  it.each(cases.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const output = sanitizeArticleHtml(vector.html);
    for (const fragment of vector.contains) expect(output).toContain(fragment);
    for (const fragment of vector.not_contains) expect(output.toLowerCase()).not.toContain(fragment);
    // Both read ARTICLE_HTML_ALLOW_LIST from @rankquill/contract, and agree to the byte.
    expect(sanitizeForReceiver(vector.html)).toBe(output);
  });
});
