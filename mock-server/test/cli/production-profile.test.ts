import { operations } from '@rankquill/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';

const SECRET = 'export-signing-secret-of-this-deployment';
const TOKEN = 'admin-token-of-this-deployment-0123456789';
/** What the production profile needs, on a free port and a throwaway store. */
const PRODUCTION = [
  '--profile',
  'production',
  '--port',
  '0',
  '--db',
  ':memory:',
  '--export-signing-secret',
  SECRET,
  '--public-url',
  'https://api.example.com/',
];
const NO_ENV = {
  RANKQUILL_ADMIN_TOKEN: undefined,
  RANKQUILL_EXPORT_SIGNING_SECRET: undefined,
  RANKQUILL_TRUST_PROXY: undefined,
  RANKQUILL_FAILED_AUTH_LIMIT: undefined,
};

const running: CliProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop('SIGKILL')));
});

async function start(args: string[], env: Record<string, string | undefined> = {}) {
  const cli = await startCli(args, 'serve', { ...NO_ENV, ...env });
  running.push(cli);
  return cli;
}

/** Everything after `--name value` of the production arguments, without that flag. */
function without(flag: string): string[] {
  const at = PRODUCTION.indexOf(flag);
  return [...PRODUCTION.slice(0, at), ...PRODUCTION.slice(at + 2)];
}

describe('serve --profile production', () => {
  // One test per combination: each starts a process, and ten in one test outlast its timeout on a busy machine.
  const refused: Array<[string[], RegExp, Record<string, string>?]> = [
    [[...PRODUCTION, '--clock', 'manual'], /--clock manual .* not allowed with --profile production/],
    [
      [...PRODUCTION, '--webhook-egress', 'private'],
      /--webhook-egress private .* not allowed with --profile production/,
    ],
    [without('--export-signing-secret'), /--profile production needs --export-signing-secret/],
    [without('--public-url'), /--profile production needs --public-url/],
    [
      [...without('--public-url'), '--public-url', 'http://api.example.com'],
      /--public-url must be an https address/,
    ],
    [
      [...without('--public-url'), '--public-url', 'https://user:pw@api.example.com'],
      /--public-url must hold no user, password, query or fragment/,
    ],
    [[...PRODUCTION, '--admin-token', 'short'], /--admin-token .* at least 32 characters/],
    [PRODUCTION, /RANKQUILL_ADMIN_TOKEN.* at least 32 characters/, { RANKQUILL_ADMIN_TOKEN: 'short' }],
    [[...PRODUCTION.slice(2), '--profile', 'staging'], /--profile must be "mock" or "production"/],
    [[...PRODUCTION, '--journal-size', '10'], /--journal-size is not allowed with --profile production/],
  ];
  it.each(refused.map(([args, message, env]) => ({ args, message, env })))(
    'refuses a combination that breaks the profile, naming the flag: $message',
    async ({ args, message, env }) => {
      await expect(start(args, env), args.join(' ')).rejects.toThrow(message);
    },
  );

  it('starts with no demo data and no admin routes unless a long token is given', async () => {
    const cli = await start(PRODUCTION);
    expect(cli.ready).toMatchObject({ profile: 'production' });
    expect(cli.ready).not.toHaveProperty('demo');
    const reset = await fetch(`${cli.ready.url}/__admin/reset`, { method: 'POST' });
    expect(reset.status).toBe(404);
    // No seeded account: the key a mock prints for this seed opens nothing here.
    const mock = await start(['--port', '0', '--db', ':memory:']);
    const projects = await fetch(`${cli.ready.api_base_url}/projects`, {
      headers: { authorization: `Bearer ${mock.ready.demo.api_key}` },
    });
    expect(projects.status).toBe(401);
  });

  it('serves admin routes behind the token from RANKQUILL_ADMIN_TOKEN', async () => {
    const cli = await start(PRODUCTION, { RANKQUILL_ADMIN_TOKEN: TOKEN });
    const create = (token: string) =>
      fetch(`${cli.ready.url}/__admin/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'essential' }),
      });
    expect((await create('wrong-token-of-the-same-kind-0123456789')).status).toBe(401);
    const created = await create(TOKEN);
    expect(created.status).toBe(201);
    const { api_key } = (await created.json()) as { api_key: string };
    const projects = await fetch(`${cli.ready.api_base_url}/projects`, {
      headers: { authorization: `Bearer ${api_key}` },
    });
    expect(projects.status).toBe(200);
  });

  it('draws keys and ids from a cryptographic source: one seed, one order of calls, different ones', async () => {
    const keysOf = async () => {
      const cli = await start(PRODUCTION, { RANKQUILL_ADMIN_TOKEN: TOKEN });
      const account = await (
        await fetch(`${cli.ready.url}/__admin/accounts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ plan: 'essential' }),
        })
      ).json();
      const project = await (
        await fetch(`${cli.ready.api_base_url}/projects`, {
          method: 'POST',
          headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Keys', domain: 'keys.example' }),
        })
      ).json();
      await cli.stop();
      return {
        apiKey: account.api_key as string,
        publicKey: project.public_api_key as string,
        id: project.id,
        accountId: account.id as string,
      };
    };
    const first = await keysOf();
    const second = await keysOf();
    // Neither ids nor keys follow from the seed (issue 22, finding 7).
    expect(second.id).not.toBe(first.id);
    expect(second.accountId).not.toBe(first.accountId);
    expect(first.id).toMatch(/^proj_[0-9a-z]{13}$/);
    expect(second.apiKey).not.toBe(first.apiKey);
    expect(second.publicKey).not.toBe(first.publicKey);
    expect(first.apiKey).toMatch(/^rq_test_[A-Za-z0-9]{32}$/);
  });

  // Issue 22, finding 7: with the token, /__admin/reset used to wipe every account.
  it('has no mock left: no reset, clock, faults or journal, in the API or the dashboard, even with the token', async () => {
    const cli = await start(PRODUCTION, { RANKQUILL_ADMIN_TOKEN: TOKEN });
    const admin = { authorization: `Bearer ${TOKEN}` };
    const account = await (
      await fetch(`${cli.ready.url}/__admin/accounts`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'essential' }),
      })
    ).json();
    // Every route of the mock profile alone: its clock, reset, faults and request journal.
    const json = 'application/json';
    const mockRoutes = [
      ['POST', '/__admin/reset', json],
      ['POST', '/__admin/reset', 'text/plain'],
      ['GET', '/__admin/clock', undefined],
      ['POST', '/__admin/clock/advance', json],
      ['POST', '/__admin/faults', json],
      ['GET', '/__admin/faults', undefined],
      ['DELETE', '/__admin/faults', undefined],
      ['DELETE', '/__admin/faults/flt_x', undefined],
      ['GET', '/__admin/requests', undefined],
      ['DELETE', '/__admin/requests', undefined],
    ] as const;
    // The contract marks each of them, and no other, as the mock's own.
    expect(
      operations
        .filter((operation) => 'mockOnly' in operation && operation.mockOnly)
        .map((operation) => `${operation.method} ${operation.path.replace(/:\w+/g, 'flt_x')}`)
        .sort(),
    ).toEqual([...new Set(mockRoutes.map(([method, path]) => `${method} ${path}`))].sort());
    for (const [method, path, type] of mockRoutes) {
      const answer = await fetch(`${cli.ready.url}${path}`, {
        method,
        headers: { ...admin, ...(type ? { 'content-type': type } : {}) },
        body: method === 'POST' ? JSON.stringify({ seconds: 60, operation: '*', status: 503 }) : undefined,
      });
      expect(answer.status, `${method} ${path} ${type}`).toBe(404);
    }
    // The account is still there.
    const projects = await fetch(`${cli.ready.api_base_url}/projects`, {
      headers: { authorization: `Bearer ${account.api_key}` },
    });
    expect(projects.status).toBe(200);
    // The dashboard offers no clock and no Requests page: their pages and actions are gone.
    const signIn = await fetch(`${cli.ready.url}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `api_key=${encodeURIComponent(account.api_key)}`,
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    for (const path of ['/clock', '/requests']) {
      expect((await fetch(`${cli.ready.url}${path}`, { headers: { cookie } })).status, path).toBe(404);
    }
    const projectsPage = await (await fetch(`${cli.ready.url}/projects`, { headers: { cookie } })).text();
    expect(projectsPage).not.toContain('href="/clock"');
    expect(projectsPage).not.toContain('href="/requests"');
  });

  it('sends webhooks to public addresses only, and builds download links from --public-url', async () => {
    const cli = await start(PRODUCTION, { RANKQUILL_ADMIN_TOKEN: TOKEN });
    const { api_key } = await (
      await fetch(`${cli.ready.url}/__admin/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'essential' }),
      })
    ).json();
    const headers = { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' };
    const project = await (
      await fetch(`${cli.ready.api_base_url}/projects`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Links', domain: 'links.example' }),
      })
    ).json();
    // Webhooks go to public addresses only, though the server listens on loopback.
    const webhook = await fetch(`${cli.ready.api_base_url}/projects/${project.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ webhook: { url: 'http://127.0.0.1:9/hook', secret: 'receiver-secret' } }),
    });
    expect(webhook.status).toBe(400);
    expect((await webhook.json()).error.param).toBe('webhook.url');
    const created = await (
      await fetch(`${cli.ready.api_base_url}/projects/${project.id}/export`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ types: ['content'], format: 'json' }),
      })
    ).json();
    let exported: { status: string; download_url: string | null } = created;
    for (let tries = 0; exported.status !== 'ready' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      exported = await (
        await fetch(`${cli.ready.api_base_url}/projects/${project.id}/exports/${created.id}`, {
          headers: { ...headers, host: `localhost:${new URL(cli.ready.url).port}` },
        })
      ).json();
    }
    expect(exported.status).toBe('ready');
    expect(exported.download_url).toMatch(
      new RegExp(`^https://api\\.example\\.com/v1/projects/${project.id}/exports/${created.id}/download\\?`),
    );
  });

  it('reads --trust-proxy and --failed-auth-limit, or their variables, refuses what it cannot read, and warns without a trusted proxy', async () => {
    for (const [args, message, env] of [
      [[...PRODUCTION, '--trust-proxy', 'proxy.internal'], /--trust-proxy cannot read "proxy.internal"/],
      [PRODUCTION, /--trust-proxy takes a hop count alone/, { RANKQUILL_TRUST_PROXY: '0' }],
      [[...PRODUCTION, '--failed-auth-limit', 'many'], /--failed-auth-limit .* must be a whole number/],
      [
        PRODUCTION,
        /RANKQUILL_FAILED_AUTH_LIMIT\) must be a whole number of wrong keys a minute, 0 for no limit, got "-1"/,
        { RANKQUILL_FAILED_AUTH_LIMIT: '-1' },
      ],
    ] as Array<[string[], RegExp, Record<string, string>?]>) {
      await expect(start(args, env), args.join(' ')).rejects.toThrow(message);
    }
    const untrusting = await start(PRODUCTION);
    expect(untrusting.stderr()).toContain('No --trust-proxy');
    // From the variables: the proxy on loopback forwards each client, and two wrong keys stop one.
    const cli = await start(PRODUCTION, {
      RANKQUILL_TRUST_PROXY: 'loopback',
      RANKQUILL_FAILED_AUTH_LIMIT: '2',
    });
    expect(cli.stderr()).not.toContain('No --trust-proxy');
    const wrong = async (client: string) => {
      const answer = await fetch(`${cli.ready.api_base_url}/projects`, {
        headers: { authorization: 'Bearer rq_test_wrong', 'x-forwarded-for': client },
      });
      return answer.status;
    };
    expect([await wrong('203.0.113.1'), await wrong('203.0.113.1'), await wrong('203.0.113.1')]).toEqual([
      401, 401, 429,
    ]);
    expect(await wrong('203.0.113.2')).toBe(401);
  });

  it('leaves the default profile the deterministic mock', async () => {
    const cli = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    expect(cli.ready).toMatchObject({ profile: 'mock', demo: { project_id: expect.any(String) } });
    const reset = await fetch(`${cli.ready.url}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(reset.status).toBe(200);
  });
});
