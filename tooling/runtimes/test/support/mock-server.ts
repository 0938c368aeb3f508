// `rankquill-mock serve`, the workspace's build of @rankquill/mock-server (the files it
// publishes), started through its bin with a given Node, on port 0 and a manual clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from '../../../support/packed-packages';
import { firstJsonLine, type Listening, matrixEnv, startListening } from './processes';

export interface ReadyLine {
  url: string;
  api_base_url: string;
  content_api_url: string;
  demo: { api_key: string; project_id: string; public_api_key: string };
}

export interface MockServer extends Listening {
  ready: ReadyLine;
  /** The admin routes' address, such as `http://127.0.0.1:41877/__admin`. */
  adminURL: string;
}

/** The folder of @rankquill/mock-server in the workspace. */
export const MOCK_SERVER_DIR = join(repo, 'mock-server');

/** The path of one of the mock server's bins, as its package.json names it. */
export function mockServerBin(bin: string): string {
  const manifest = JSON.parse(readFileSync(join(MOCK_SERVER_DIR, 'package.json'), 'utf8'));
  const path = manifest.bin?.[bin];
  if (typeof path !== 'string') throw new Error(`@rankquill/mock-server has no bin ${bin}`);
  return join(MOCK_SERVER_DIR, path);
}

/** Starts the server with `node`; `db` is `:memory:` or a SQLite file. */
export async function startMockServer(node: string, db: string): Promise<MockServer> {
  const server = await startListening(
    node,
    [mockServerBin('rankquill-mock'), 'serve', '--port', '0', '--clock', 'manual', '--db', db],
    {
      cwd: MOCK_SERVER_DIR,
      env: matrixEnv(),
      readUrl: ({ stdout }) => firstJsonLine<ReadyLine>(stdout)?.url,
    },
  );
  const ready = firstJsonLine<ReadyLine>(server.output().stdout) as ReadyLine;
  return { ...server, ready, adminURL: `${ready.url}/__admin` };
}
