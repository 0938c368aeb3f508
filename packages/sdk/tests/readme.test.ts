import { fileURLToPath } from 'node:url';
import { startServer } from '@rankquill/mock-server';
import { describe, expect, it } from 'vitest';
import { runReadmeSnippet } from '../../../scripts/readme-snippet.mjs';

describe('README', () => {
  it('runs the example at the top against a local server (uses the built package)', async () => {
    const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 3 });
    try {
      const { code, printed } = await runReadmeSnippet(fileURLToPath(new URL('..', import.meta.url)), {
        env: { RANKQUILL_API_KEY: server.demo.api_key, RANKQUILL_BASE_URL: server.apiBaseUrl },
      });
      expect(code).toContain("from '@rankquill/sdk'");
      expect(printed[0]).toBe('generating');
      expect(printed[1]).toMatch(/^cnt_\w+ generating$/);
    } finally {
      await server.close();
    }
  });
});
