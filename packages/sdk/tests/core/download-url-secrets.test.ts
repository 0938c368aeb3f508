import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { InternalServerError, Rankquill } from '../../src/index';
import { errorOf } from '../support/error-of';
import { json, startScriptedServer } from '../support/scripted-server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('a signed download URL', () => {
  it('keeps its signature out of the error, its cause and the log lines', async () => {
    // The server fails and echoes the URL it was asked for, as some proxies do.
    const server = await startScriptedServer((request, _, res) =>
      json(
        res,
        502,
        { error: { type: 'api_error', message: `bad gateway for ${request.url}` } },
        { 'retry-after': '0' },
      ),
    );
    close = server.close;
    const lines: string[] = [];
    const log = (message: string, details?: Record<string, unknown>) =>
      lines.push(`${message} ${JSON.stringify(details)}`);
    const client = new Rankquill({
      apiKey: 'k',
      baseURL: server.baseURL,
      maxRetries: 1,
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const signature = 'SIGNATURE_0123456789abcdef';
    const url = `${server.baseURL}/projects/proj_1/exports/exp_1/download?expires=1767229200&signature=${signature}`;

    const error = await client.exports.download(url).catch(errorOf);

    expect(error).toBeInstanceOf(InternalServerError);
    expect(server.seen[0]?.url).toContain(signature); // it was sent, as it must be
    expect(error.message).toBe('bad gateway for /v1/projects/proj_1/exports/exp_1/download?[redacted]');
    expect(inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(signature);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(signature);
    expect(lines[0]).toContain('download?[redacted]');
  });
});
