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
    expect(snippet).toContain("from '@rankquill/sdk'");
    const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 3 });
    // Inside the package so that `@rankquill/sdk` resolves to this package's build.
    const file = `${packageDir}.readme-snippet-${process.pid}.mjs`;
    writeFileSync(file, snippet);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        env: {
          ...process.env,
          RANKQUILL_API_KEY: server.demo.api_key,
          RANKQUILL_BASE_URL: server.apiBaseUrl,
        },
        timeout: 20_000,
      });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toBe('generating');
      expect(lines[1]).toMatch(/^cnt_\w+ generating$/);
    } finally {
      rmSync(file, { force: true });
      await server.close();
    }
  });
});
