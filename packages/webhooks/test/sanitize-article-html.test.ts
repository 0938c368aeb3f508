import { describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '../src/receiver';
import { sanitizeArticleHtml } from '../src/sanitize-article-html';
import { MemoryArticleStore } from '../src/stores/memory';
import { type SanitizeCase, sanitizeVectors } from './helpers/vectors';

function expectSanitized(output: string, vector: SanitizeCase): void {
  expect(output, 'the exact output every language gives').toBe(vector.output);
  for (const fragment of vector.contains) expect(output, `should contain ${fragment}`).toContain(fragment);
  for (const fragment of vector.not_contains)
    expect(output.toLowerCase(), `should not contain ${fragment}`).not.toContain(fragment);
}

describe('sanitize.json', () => {
  it('has cases for every kind of hostile input the vectors promise', () => {
    expect(sanitizeVectors.cases.length).toBeGreaterThanOrEqual(80);
    const refused = sanitizeVectors.cases.flatMap((vector) => vector.not_contains);
    for (const hostile of [
      '<script',
      'onerror',
      'javascript',
      'data:',
      'http-equiv',
      '<style',
      '<iframe',
      '<object',
      'srcdoc',
      'formaction',
      'cdata',
      '<noscript',
      'foreignobject',
    ])
      expect(refused).toContain(hostile);
    expect(refused.every((fragment) => fragment === fragment.toLowerCase())).toBe(true);
  });

  it.each(sanitizeVectors.cases.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const output = sanitizeArticleHtml(vector.html);
    expectSanitized(output, vector);
    expect(sanitizeArticleHtml(output), 'sanitizing twice changes nothing').toBe(output);
  });

  it('is what the receiver stores for every case', async () => {
    const store = new MemoryArticleStore();
    const receiver = createWebhookReceiver({ secret: 's', store });
    for (const [index, vector] of sanitizeVectors.cases.entries()) {
      const body = JSON.stringify({ title: vector.name, slug: `case-${index}`, content: vector.html });
      expect((await receiver.handle({ headers: { 'x-service-key': 's' }, rawBody: body })).status).toBe(200);
      expectSanitized((await store.get(`case-${index}`))?.content ?? '', vector);
    }
  });
});
