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
const NO_ENV = { RANKQUILL_ADMIN_TOKEN: undefined, RANKQUILL_EXPORT_SIGNING_SECRET: undefined };

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
  it('refuses each combination that breaks the profile, naming the flag', async () => {
    const refused: Array<[string[], RegExp, Record<string, string>?]> = [
      [[...PRODUCTION, '--clock', 'manual'], /--clock manual .* not allowed with --profile production/],
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
    ];
    for (const [args, message, env] of refused) {
      await expect(start(args, env), args.join(' ')).rejects.toThrow(message);
    }
  });

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

  it('leaves the default profile the deterministic mock', async () => {
    const cli = await start(['--port', '0', '--db', ':memory:', '--clock', 'manual']);
    expect(cli.ready).toMatchObject({ profile: 'mock', demo: { project_id: expect.any(String) } });
    const reset = await fetch(`${cli.ready.url}/__admin/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
  });
});
