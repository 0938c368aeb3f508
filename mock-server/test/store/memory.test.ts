import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/store/memory';
import { describeStoreContract } from './store-suite';

describeStoreContract('memory store', (schema) => createMemoryStore(schema));

describe('memory store source', () => {
  it('imports nothing Node-only, so it runs in a browser', () => {
    for (const file of ['memory.ts', 'store.ts']) {
      const source = readFileSync(fileURLToPath(new URL(`../../src/store/${file}`, import.meta.url)), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(imports.every((specifier) => specifier?.startsWith('./'))).toBe(true);
    }
  });
});
