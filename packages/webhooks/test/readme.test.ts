import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSignatureHeaders } from '../src/signature';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('README', () => {
  it('runs the example at the top as written', async () => {
    const readme = readFileSync(`${packageDir}README.md`, 'utf8');
    const snippet = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet).toContain('createExpressHandler');
    // Inside the package directory, so that `@rankquill/webhooks` (self-reference) and express resolve.
    const file = `${packageDir}readme-example-${process.pid}.mjs`;
    writeFileSync(file, snippet ?? '');
    const secret = 'readme-secret';
    const signingSecret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
    const child = spawn(process.execPath, [file], {
      env: {
        ...process.env,
        RANKQUILL_WEBHOOK_SECRET: secret,
        RANKQUILL_WEBHOOK_SIGNING_SECRET: signingSecret,
        PORT: '0',
        ARTICLES_DB: ':memory:',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening on port (\d+)/.exec(chunk.toString());
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`example exited with ${code}`)));
      });
      const body = JSON.stringify({ title: 'From the README', slug: 'readme', content: '<p>It runs.</p>' });
      const url = `http://127.0.0.1:${port}/webhook`;
      const headers = { 'content-type': 'application/json', 'x-service-key': secret };
      expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(401);
      const signature = await createSignatureHeaders({ signingSecret, id: 'dlv_readme', body });
      const response = await fetch(url, { method: 'POST', headers: { ...headers, ...signature }, body });
      expect(await response.json()).toEqual({ success: true, url: '/en/resources/blog/readme' });
    } finally {
      child.kill();
      rmSync(file, { force: true });
    }
  });
});
