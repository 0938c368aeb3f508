// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder, started
// with pg_ctl on a free loopback port, stopped and deleted afterwards. Plain Node (erasable types
// only), so the benchmarks run it with node as well.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** Connection URL of the `postgres` database, as superuser `rankquill` (trust on loopback). */
  url: string;
  port: number;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs SQL with psql on the database at `url` (of this cluster). */
  query(url: string, sql: string): Promise<void>;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'PostgreSQL is not installed: install it with `bash scripts/debian-packages.sh postgresql` (what `bash scripts/run.sh test` does), or set RANKQUILL_POSTGRES_BIN to the folder holding initdb and pg_ctl.';

/** Starts a fresh cluster. As root, its processes run as the `postgres` (else `nobody`) user, since PostgreSQL refuses root. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const runAs = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
  const asUser = (command: string, args: string[]) =>
    runAs ? run('runuser', ['-u', runAs.name, '--', command, ...args]) : run(command, args);
  try {
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
    await asUser(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'rankquill',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const settings = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses='127.0.0.1'",
        '-c max_connections=200',
        // A throwaway cluster: durability only costs time here.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      try {
        await asUser(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', '-o', settings, 'start']);
        break;
      } catch (error) {
        // Another process may have taken the port between the probe and the start.
        if (attempt >= 3) throw error;
      }
    }
    const base = `postgres://rankquill@127.0.0.1:${port}`;
    return {
      url: `${base}/postgres`,
      port,
      async createDatabase(name: string) {
        await run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'rankquill', name]);
        return `${base}/${name}`;
      },
      async query(url: string, sql: string) {
        await run(join(bin, 'psql'), [
          '--no-psqlrc',
          '--quiet',
          '--set=ON_ERROR_STOP=1',
          '--dbname',
          url,
          '--command',
          sql,
        ]);
      },
      async stop() {
        try {
          await asUser(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    const serverLog = existsSync(log) ? `\nserver log:\n${readFileSync(log, 'utf8').slice(-2000)}` : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a PostgreSQL cluster: ${(error as Error).message}${serverLog}`);
  }
}

/** The folder of initdb and pg_ctl: RANKQUILL_POSTGRES_BIN, the newest Debian install, or PATH. */
function findBinaries(): string {
  const configured = process.env.RANKQUILL_POSTGRES_BIN;
  if (configured) {
    if (!existsSync(join(configured, 'initdb')))
      throw new Error(`RANKQUILL_POSTGRES_BIN=${configured} has no initdb`);
    return configured;
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((version) => existsSync(join(debian, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  for (const folder of (process.env.PATH ?? '').split(':')) {
    if (folder && existsSync(join(folder, 'initdb')) && existsSync(join(folder, 'pg_ctl'))) return folder;
  }
  throw new Error(INSTALL_HINT);
}

function unprivilegedUser(): { name: string; uid: number; gid: number } {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const entry = passwd.find((line) => line.startsWith(`${name}:`));
    if (entry) {
      const [, , uid, gid] = entry.split(':');
      return { name, uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 120_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve();
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
