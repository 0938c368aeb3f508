import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../../scripts/browser-bundle.mjs';

describe('portability', () => {
  it('bundles for the browser with no Node built-in and no Node global', async () => {
    const { imported, code } = await bundleForBrowser(
      fileURLToPath(new URL('../src/index.ts', import.meta.url)),
    );
    expect(imported).toEqual([]);
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).not.toMatch(/\bBuffer\b/);
    // process.env is read only through a guarded globalThis lookup.
    expect(code).not.toMatch(/(?<![.\w])process\.env/);
  });
});
