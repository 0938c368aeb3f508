import { startServer } from '@rankquill/mock-server';
import * as PublicArticlesPackage from '../../../public-articles/src/index';
import * as SdkPackage from '../../../sdk/src/index';

/** The options both clients take. */
export interface CommonOptions {
  apiKey: string;
  baseURL: string;
  timeout?: number;
  maxRetries?: number;
  dangerouslyAllowBrowser?: boolean;
}

/**
 * One TypeScript client seen through what both share: its error classes, one list call, one
 * call for an id the service does not know, and where its API lives on a running server.
 */
export interface ClientUnderTest {
  name: string;
  /** The header that carries the key. */
  keyHeader: string;
  errors: {
    Base: abstract new (...args: never[]) => Error;
    APIError: abstract new (...args: never[]) => Error;
    InternalServerError: abstract new (...args: never[]) => Error;
    APIConnectionError: abstract new (...args: never[]) => Error;
    APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  };
  /** A client (`instance`); `list()` and `retrieveMissing()` send one call each. */
  create(options: CommonOptions): {
    instance: object;
    list(): Promise<unknown>;
    retrieveMissing(): Promise<unknown>;
  };
  /** A call that rejects for its id before any request: `..` where an id belongs. */
  callWithDotDotId(options: CommonOptions): Promise<unknown>;
  /** This client's API address and key on a running reference server. */
  on(server: RunningServer): { baseURL: string; apiKey: string };
  /** An error body of this client's API with `message`. */
  errorBody(message: string): unknown;
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

export const clients: ClientUnderTest[] = [
  {
    name: '@rankquill/sdk',
    keyHeader: 'authorization',
    errors: {
      Base: SdkPackage.RankquillError,
      APIError: SdkPackage.APIError,
      InternalServerError: SdkPackage.InternalServerError,
      APIConnectionError: SdkPackage.APIConnectionError,
      APIConnectionTimeoutError: SdkPackage.APIConnectionTimeoutError,
    },
    create(options) {
      const client = new SdkPackage.Rankquill(options);
      return {
        instance: client,
        list: () => client.projects.list(),
        retrieveMissing: () => client.projects.retrieve('proj_missing'),
      };
    },
    callWithDotDotId: (options) => new SdkPackage.Rankquill(options).projects.retrieve('..'),
    on: (server) => ({ baseURL: server.apiBaseUrl, apiKey: server.demo.api_key }),
    errorBody: (message) => ({ error: { type: 'api_error', message, request_id: 'req_scripted' } }),
  },
  {
    name: '@rankquill/public-articles',
    keyHeader: 'x-service-key',
    errors: {
      Base: PublicArticlesPackage.PublicArticlesError,
      APIError: PublicArticlesPackage.APIError,
      InternalServerError: PublicArticlesPackage.InternalServerError,
      APIConnectionError: PublicArticlesPackage.APIConnectionError,
      APIConnectionTimeoutError: PublicArticlesPackage.APIConnectionTimeoutError,
    },
    create(options) {
      const client = new PublicArticlesPackage.PublicArticles(options);
      return {
        instance: client,
        list: () => client.list(),
        retrieveMissing: () => client.retrieve('cnt_missing'),
      };
    },
    callWithDotDotId: (options) => new PublicArticlesPackage.PublicArticles(options).retrieve('..'),
    on: (server) => ({ baseURL: server.contentApiUrl, apiKey: server.demo.public_api_key }),
    errorBody: (message) => ({ success: false, error: message }),
  },
];

/** A reference server on an ephemeral port, as `rankquill-mock serve --port 0` starts it. */
export function startReferenceServer(): Promise<RunningServer> {
  return startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 7 });
}

/** The error `call` rejects with, typed loosely for assertions; fails when it resolves instead. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read the error's fields after an instanceof check
export async function rejectionOf(call: Promise<unknown>): Promise<any> {
  return call.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}
