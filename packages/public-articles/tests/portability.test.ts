import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../../scripts/browser-bundle.mjs';

describe('portability', () => {
  it('bundles for the browser with no Node built-in', async () => {
    const { imported } = await bundleForBrowser(fileURLToPath(new URL('../src/index.ts', import.meta.url)));
    expect(imported).toEqual([]);
  });
});
