import { describe, expect, it } from 'vitest';
import { type ServerOptions, startServer } from '../../src/runtime/server';

const PRODUCTION = {
  profile: 'production',
  clock: 'real',
  exportSigningSecret: 'export-signing-secret-of-this-deployment',
} as const;

/** The Strict-Transport-Security header of the sign-in page, a redirect and the page's style sheet. */
async function hstsOf(options: ServerOptions) {
  const server = await startServer({ port: 0, db: ':memory:', ...options });
  try {
    const page = await fetch(`${server.url}/sign-in`);
    const styleSheet = /href="(\/assets\/[^"]+\.css)"/.exec(await page.text())?.[1];
    if (!styleSheet) throw new Error('the sign-in page links no style sheet');
    const redirect = await fetch(`${server.url}/`, { redirect: 'manual' });
    const asset = await fetch(`${server.url}${styleSheet}`);
    await Promise.all([redirect.arrayBuffer(), asset.arrayBuffer()]);
    expect([page.status, redirect.status, asset.status]).toEqual([200, 303, 200]);
    return [page, redirect, asset].map((answer) => answer.headers.get('strict-transport-security'));
  } finally {
    await server.close();
  }
}

// Issue 29, "Also": the production dashboard sent no Strict-Transport-Security behind https.
describe('Strict-Transport-Security', () => {
  it('is sent by the dashboard of a server whose public URL is https: a year, this host only', async () => {
    expect(await hstsOf({ ...PRODUCTION, publicUrl: 'https://dash.example' })).toEqual([
      'max-age=31536000',
      'max-age=31536000',
      'max-age=31536000',
    ]);
  });

  it('is not sent over http, nor for a loopback host, where it would stick to every local port', async () => {
    expect(await hstsOf({})).toEqual([null, null, null]);
    expect(await hstsOf({ publicUrl: 'http://dash.example' })).toEqual([null, null, null]);
    expect(await hstsOf({ ...PRODUCTION, publicUrl: 'https://localhost:8443' })).toEqual([null, null, null]);
  });
});
