import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as PublicArticlesPackage from '../../../public-articles/src/index';
import * as SdkPackage from '../../../sdk/src/index';
import { type SeenRequest, startScriptedServer } from '../../../sdk/tests/support/scripted-server';
import { type ErrorCase, type ErrorKind, errorVectors } from '../support/client-vectors';
import { rejectionOf } from './../support/clients';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Each client, its class for each kind of the vectors, and one call that the answer fails. */
const clients: {
  name: string;
  classes: Record<ErrorKind, ErrorClass>;
  call(origin: string): Promise<unknown>;
}[] = [
  {
    name: '@rankquill/sdk',
    classes: {
      bad_request: SdkPackage.BadRequestError,
      authentication: SdkPackage.AuthenticationError,
      not_found: SdkPackage.NotFoundError,
      conflict: SdkPackage.ConflictError,
      rate_limit: SdkPackage.RateLimitError,
      internal_server: SdkPackage.InternalServerError,
      api: SdkPackage.APIError,
    },
    call: (origin) =>
      new SdkPackage.Rankquill({ apiKey: 'k', baseURL: `${origin}/v1`, maxRetries: 0 }).projects.retrieve(
        'p1',
      ),
  },
  {
    name: '@rankquill/public-articles',
    // This API answers no 409 or 429 of its own: those are its base APIError.
    classes: {
      bad_request: PublicArticlesPackage.BadRequestError,
      authentication: PublicArticlesPackage.AuthenticationError,
      not_found: PublicArticlesPackage.NotFoundError,
      conflict: PublicArticlesPackage.APIError,
      rate_limit: PublicArticlesPackage.APIError,
      internal_server: PublicArticlesPackage.InternalServerError,
      api: PublicArticlesPackage.APIError,
    },
    call: (origin) =>
      new PublicArticlesPackage.PublicArticles({
        apiKey: 'k',
        baseURL: `${origin}/public-article-api`,
        maxRetries: 0,
      }).retrieve('cnt_1'),
  },
];

// One server answers every case, in the order the tests call: each answer is the case's status,
// headers and raw body, so the whole path from the wire to the error is the client's.
let server: Awaited<ReturnType<typeof startScriptedServer>>;
let origin = '';
let next: ErrorCase | undefined;
beforeAll(async () => {
  server = await startScriptedServer((_: SeenRequest, __, res) => {
    const vector = next as ErrorCase;
    res.writeHead(vector.status, vector.headers);
    res.end(vector.body);
  });
  origin = new URL(server.baseURL).origin;
});
afterAll(async () => server.close());

describe.each(clients)('errors.json, $name', (client) => {
  it.each(errorVectors.map((vector) => [vector.name, vector] as const))('%s', async (_, vector) => {
    next = vector;
    const error = await rejectionOf(client.call(origin));
    const expected = vector.error;
    expect(error.constructor).toBe(client.classes[expected.kind]);
    expect({
      status: error.status,
      type: error.type ?? null,
      message: error.message,
      param: error.param ?? null,
      request_id: error.requestId ?? null,
    }).toEqual({
      status: expected.status,
      type: expected.type,
      message: expected.message,
      param: expected.param,
      request_id: expected.request_id,
    });
  });
});
