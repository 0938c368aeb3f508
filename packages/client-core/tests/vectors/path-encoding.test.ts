import { describe, expect, it } from 'vitest';
import { ClientError } from '../../src/errors/client-error';
import { connectionErrorClass, connectionTimeoutErrorClass } from '../../src/errors/connection-errors';
import { crossOriginRedirectErrorClass } from '../../src/errors/cross-origin-redirect-error';
import type { OperationId } from '../../src/generated/operations';
import { Transport } from '../../src/transport/transport';
import { pathEncodingVectors } from '../support/client-vectors';

const BASE_URL = 'https://api.example.test/v1';

/** A transport of the main API whose fetch records the URL of each request and answers `{}`. */
function recordingTransport(sent: string[]): Transport {
  const Connection = connectionErrorClass(ClientError, 'Rankquill API');
  return new Transport({
    service: 'Rankquill API',
    baseURL: BASE_URL,
    base: 'api',
    credentials: { authorization: 'Bearer k' },
    timeout: 1_000,
    maxRetries: 0,
    fetch: async (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return Response.json({});
    },
    logger: undefined,
    defaultHeaders: {},
    errors: {
      Base: ClientError,
      Connection,
      Timeout: connectionTimeoutErrorClass(Connection, 'Rankquill API'),
      CrossOriginRedirect: crossOriginRedirectErrorClass(Connection, 'Rankquill API'),
      fromResponse: (status) => new ClientError(`status ${status}`),
    },
  });
}

describe('path-encoding.json', () => {
  it.each(pathEncodingVectors.map((vector) => [vector.name, vector] as const))('%s', async (_, vector) => {
    const sent: string[] = [];
    const call = recordingTransport(sent).send({
      operation: vector.operation as OperationId,
      ids: vector.ids,
    });
    if ('refused' in vector) {
      const error = await call.then(
        () => undefined,
        (rejection: unknown) => rejection,
      );
      expect(error).toBeInstanceOf(ClientError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^${vector.operation.replaceAll('.', '\\.')}\\(\\) got .* for ${vector.refused}, which is not an id`,
        ),
      );
      expect(sent).toEqual([]);
    } else {
      await call;
      // Compared as sent: a URL parser would normalize what the encoding must already have done.
      expect(sent).toEqual([BASE_URL + vector.path]);
    }
  });
});
