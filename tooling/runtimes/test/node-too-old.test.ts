// A Node older than every floor (20: Debian 12's system Node): every bin of the mock server and
// its package entry say in one line which Node they need and how to get it, and exit with 1;
// the SQLite article store throws an error that says the same.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MOCK_SERVER_DIR, mockServerBin } from './support/mock-server';
import { matrixEnv } from './support/processes';

const matrix = inject('matrix');
const { bin: node, version } = matrix.nodeTooOld;
const manifest = JSON.parse(readFileSync(join(MOCK_SERVER_DIR, 'package.json'), 'utf8'));
/** This Node first on PATH, so that a bin's `#!/usr/bin/env node` runs it. */
const env = matrixEnv({ PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` });

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runToEnd(command: string, args: string[], cwd: string): Promise<Ended> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

function expectOneLine(ended: Ended, what: string): void {
  expect(ended.stdout).toBe('');
  expect(ended.stderr).toBe(
    `${what} needs Node.js ${matrix.mockServerFloor} or later, and this is Node.js ${version}: install a current Node.js from https://nodejs.org/en/download (or \`nvm install 24\`), then run it again.\n`,
  );
  expect(ended.code).toBe(1);
}

describe(`Node ${version}, older than the mock server's floor (${matrix.mockServerFloor})`, () => {
  it('the test runs a real Node of that version', async () => {
    expect((await runToEnd(node, ['--version'], MOCK_SERVER_DIR)).stdout.trim()).toBe(`v${version}`);
  });

  it.each(Object.keys(manifest.bin as Record<string, string>))(
    'the %s bin, run as a user runs it, says which Node it needs in one line and exits 1',
    async (bin) => {
      expectOneLine(await runToEnd(mockServerBin(bin), ['serve', '--port', '0'], matrix.project), bin);
    },
  );

  it('`import { startMockServer } from "@rankquill/mock-server"` says the same and exits 1', async () => {
    const file = join(matrix.project, 'imports-the-mock-server.mjs');
    const entry = join(MOCK_SERVER_DIR, manifest.exports['.'].import.default);
    writeFileSync(
      file,
      `import { startMockServer } from ${JSON.stringify(entry)};\nconsole.log(typeof startMockServer);\n`,
    );
    expectOneLine(await runToEnd(node, [file], matrix.project), '@rankquill/mock-server');
  });

  it('`require("@rankquill/mock-server")` says the same and exits 1', async () => {
    const entry = join(MOCK_SERVER_DIR, manifest.exports['.'].require.default);
    const code = `console.log(typeof require(${JSON.stringify(entry)}).startMockServer)`;
    expectOneLine(await runToEnd(node, ['-e', code], matrix.project), '@rankquill/mock-server');
  });

  it('new SqliteArticleStore() throws an Error that says which Node has node:sqlite', async () => {
    const code = [
      "const { SqliteArticleStore } = require('@rankquill/webhooks/sqlite');",
      'try { new SqliteArticleStore(); console.log("constructed"); } catch (error) { console.log(error.message); }',
    ].join('\n');
    const ended = await runToEnd(node, ['-e', code], matrix.project);
    expect(ended.stdout).toBe(
      `SqliteArticleStore needs node:sqlite, which Node.js 22.13.0 and later have, and this is Node.js ${version}: install a current Node.js from https://nodejs.org/en/download (or \`nvm install 24\`).\n`,
    );
  });
});
