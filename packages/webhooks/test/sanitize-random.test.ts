import { ARTICLE_HTML_ALLOW_LIST } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { RANDOM_HTML_RUN, randomHostileHtml } from '../scripts/random-html.mjs';
import { isAllowedArticleUrl } from '../src/html/article-url';
import { sanitizeArticleHtml } from '../src/sanitize-article-html';

const TAG = /<(\/?)([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)( \/)?>/g;
const ATTRIBUTE = / ([a-z]+)="([^"]*)"/g;
const decode = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '',
  );

/** The ways `output` breaks the allow-list: tags, attributes or URLs it may not hold. */
function violations(output: string): string[] {
  const found: string[] = [];
  const rest = output.replace(TAG, (tag, _slash, name: string, attributes: string) => {
    if (!ARTICLE_HTML_ALLOW_LIST.tags.includes(name as never)) found.push(tag);
    for (const [, attribute = '', value = ''] of attributes.matchAll(ATTRIBUTE)) {
      if (!ARTICLE_HTML_ALLOW_LIST.attributes[name]?.includes(attribute)) found.push(tag);
      if (attribute === 'href' || attribute === 'src')
        if (!isAllowedArticleUrl(decode(value))) found.push(tag);
    }
    return '';
  });
  if (/[<>]/.test(rest)) found.push(`markup outside a tag: ${rest}`);
  return found;
}

// The TypeScript sanitizer is the reference the Python, PHP and Ruby suites compare with on these
// same inputs (sanitize-json.mjs --random); here it must keep to the allow-list and be stable.
describe(`seeded random hostile HTML (seed ${RANDOM_HTML_RUN.seed}, ${RANDOM_HTML_RUN.count} inputs)`, () => {
  const inputs = randomHostileHtml(RANDOM_HTML_RUN.seed, RANDOM_HTML_RUN.count);

  it('is the same for the same seed, and another for another', () => {
    expect(randomHostileHtml(RANDOM_HTML_RUN.seed, 50)).toEqual(inputs.slice(0, 50));
    expect(randomHostileHtml(RANDOM_HTML_RUN.seed + 1, 50)).not.toEqual(inputs.slice(0, 50));
  });

  // 20,000 inputs, each sanitized twice: seconds, not the default 5 s, on a loaded runner.
  it('comes out with only the allow-list, the same when sanitized again', { timeout: 60_000 }, () => {
    const failures = inputs.flatMap((html) => {
      const output = sanitizeArticleHtml(html);
      const problems = violations(output);
      if (sanitizeArticleHtml(output) !== output) problems.push('changes when sanitized again');
      return problems.length > 0 ? [{ html, output, problems }] : [];
    });
    expect(failures.slice(0, 5), `${failures.length} of ${inputs.length} inputs`).toEqual([]);
  });
});
