import { afterEach, describe, expect, it } from 'vitest';
import { Rankquill } from '../../src/index';
import { startScriptedServer } from '../support/scripted-server';

let close: (() => Promise<void>) | undefined;
let urlParse: PropertyDescriptor | undefined;
afterEach(async () => {
  if (urlParse) Object.defineProperty(URL, 'parse', urlParse);
  urlParse = undefined;
  await close?.();
  close = undefined;
});

// The SDK's floor is Node 22.0 (`engines`), which has no `URL.parse` (22.1 added it). The runtime
// matrix (tooling/runtimes) runs the packed SDK on Node 22.0 itself; this keeps the same call
// honest in every vitest run.
describe('on Node 22.0, where URL.parse does not exist', () => {
  it('downloads an export from its signed URL', async () => {
    urlParse = Object.getOwnPropertyDescriptor(URL, 'parse');
    Reflect.deleteProperty(URL, 'parse');
    expect('parse' in URL).toBe(false);
    const server = await startScriptedServer((_request, _index, res) => {
      res.writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="a.csv"',
      });
      res.end('id\ncnt_1\n');
    });
    close = server.close;
    const client = new Rankquill({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 });

    const file = await client.exports.download(
      `${server.baseURL}/projects/proj_1/exports/exp_1/download?expires=1&signature=s`,
    );

    expect(await file.text()).toBe('id\ncnt_1\n');
    expect(server.seen[0]?.url).toBe('/v1/projects/proj_1/exports/exp_1/download?expires=1&signature=s');
  });
});
