import { fileURLToPath } from 'node:url';
import { startServer } from '@rankquill/mock-server';
import { describe, expect, it } from 'vitest';
import { runReadmeSnippet } from '../../../scripts/readme-snippet.mjs';

describe('README', () => {
  it('runs the example at the top against a local server (uses the built package)', async () => {
    const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 3 });
    try {
      const { printed } = await runReadmeSnippet(fileURLToPath(new URL('..', import.meta.url)), {
        env: {
          RANKQUILL_PUBLIC_API_KEY: server.demo.public_api_key,
          RANKQUILL_CONTENT_API_URL: server.contentApiUrl,
        },
      });
      expect(printed[0]).toMatch(/^3 \S/);
      expect(printed.slice(1, 4).every((line) => /^cnt_\w+ \d{4}-\d\d-\d\dT/.test(line))).toBe(true);
      expect(printed[4]).toMatch(/^</);
    } finally {
      await server.close();
    }
  });
});
