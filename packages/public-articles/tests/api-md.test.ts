import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PublicArticles } from '../src/index';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

describe('api.md', () => {
  it('lists every public method of the client, with its arguments', () => {
    // Methods TypeScript marks private are on the prototype too; the source says which they are.
    const source = read('../src/client.ts');
    const methods = Object.getOwnPropertyNames(PublicArticles.prototype).filter(
      (name) => name !== 'constructor' && !new RegExp(`^\\s+private (async )?${name}\\b`, 'm').test(source),
    );
    expect(methods).toEqual(expect.arrayContaining(['list', 'retrieve']));
    const apiMd = read('../api.md');
    expect(methods.filter((method) => !apiMd.includes(`\`articles.${method}(`))).toEqual([]);
  });
});
