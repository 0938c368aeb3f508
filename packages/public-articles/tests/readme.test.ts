import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer } from '@rankquill/mock-server';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('README', () => {
  it('runs the example at the top against a local server (uses the built package)', async () => {
    const snippet = /```ts\n([\s\S]*?)```/.exec(readFileSync(`${packageDir}README.md`, 'utf8'))?.[1] ?? '';
    const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 3 });
    const file = `${packageDir}.readme-snippet-${process.pid}.mjs`;
    writeFileSync(file, snippet);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        env: {
          ...process.env,
          RANKQUILL_PUBLIC_API_KEY: server.demo.public_api_key,
          RANKQUILL_CONTENT_API_URL: server.contentApiUrl,
        },
        timeout: 20_000,
      });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^3 \S/);
      expect(lines.slice(1, 4).every((line) => /^cnt_\w+ \d{4}-\d\d-\d\dT/.test(line))).toBe(true);
      expect(lines[4]).toMatch(/^</);
    } finally {
      rmSync(file, { force: true });
      await server.close();
    }
  });
});
