import type { AccountRecord, AnswerRecorder, Engine } from '../engine/index';
import type { RawQuery } from './query';

/** A request as every adapter (Express, MSW) hands it to the API layer. */
export interface ApiRequest {
  method: string;
  /** Path without the query string, such as `/v1/projects`. */
  path: string;
  /**
   * Query parameters; a parameter given more than once holds every value, which the API layer
   * refuses (`readQuery` reads a query string this way).
   */
  query: RawQuery;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /**
   * The request target as it arrived (path and query string), from an adapter that answers a
   * repeated public article request without the API layer (`RepeatedRead`).
   */
  target?: string;
  /** The raw body, `''` when there is none. */
  body: string;
  /**
   * Address the API is served at, without a trailing slash: what comes before `/v1`, such as
   * `http://127.0.0.1:4010`. Adapters set it so answers can hold absolute URLs (an export's
   * `download_url`); without it those URLs are relative to that address.
   */
  baseUrl?: string;
  /** The client's IP address as the adapter knows it (behind a proxy, the one the proxy saw). */
  clientAddress?: string;
  /**
   * Set by an adapter that could not read the body (larger than `MAX_BODY_BYTES`, or in an
   * encoding it cannot decode): the API layer answers it as the client's mistake, in the error
   * format of the API addressed, without running the operation.
   */
  bodyError?: BodyError;
}

/** Why an adapter could not read a request's body, as its body parser said. */
export interface BodyError {
  /** 413 for a body over `MAX_BODY_BYTES`; another status the parser chose, such as 415. */
  status: number;
  /** The parser's reason, such as `unsupported content encoding "bogus"`. */
  reason: string;
}

/** An answer, with its body already serialized, or streamed. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The serialized body; `''` when `stream` carries it. */
  body: string;
  /**
   * `body` as UTF-8 bytes, when the API layer keeps them (a cached answer, sent as it is again
   * and again); an adapter that writes bytes may take these instead of encoding `body`. Whoever
   * replaces `body` drops them.
   */
  bytes?: Uint8Array;
  /**
   * A body too large to hold in memory (exports), in chunks to write in order. Adapters write
   * each chunk as it comes (Express honours backpressure, MSW pulls a `ReadableStream`). If the
   * stream fails midway the adapter aborts the connection, so a client never takes a truncated
   * file for a whole one.
   */
  stream?: AsyncIterable<Uint8Array>;
  /**
   * Set by a `disconnect` fault: the adapter sends nothing and closes the connection (the HTTP
   * server destroys the socket, MSW answers a network error). `status` and `body` are then unused.
   */
  disconnect?: boolean;
}

/**
 * What a handler returns for a file instead of JSON: the router sends `body` as it is produced,
 * with `Content-Type`, `Content-Disposition: attachment` when a `filename` is given, and the
 * usual `X-Request-Id` and `X-RateLimit-*` headers.
 *
 * @example
 * ```ts
 * return new RawResult(await engine.exports.keywords(account, projectId, { format: 'csv' }));
 * ```
 */
export class RawResult {
  readonly contentType: string;
  readonly filename: string | undefined;
  /** The file's bytes in chunks, written in order as they come. */
  readonly body: AsyncIterable<Uint8Array>;

  constructor(init: { contentType: string; filename?: string; body: AsyncIterable<Uint8Array> }) {
    this.contentType = init.contentType;
    this.filename = init.filename;
    this.body = init.body;
  }
}

/** What an operation handler gets. */
export interface OperationCall {
  engine: Engine;
  request: ApiRequest;
  params: Record<string, string>;
  /** The query parameters, one value each: checked for repeats, empty values and integer syntax. */
  query: Record<string, string>;
  /** The parsed JSON body (`{}` for an operation without one). */
  body: unknown;
  /** The authenticated account, for bearer operations. */
  account: AccountRecord;
  /**
   * With an `Idempotency-Key`: keeps the answer inside the transaction of the operation's
   * effect. A handler passes it to the service that makes the effect.
   */
  recordAnswer?: AnswerRecorder;
}

/** Answers the operation's JSON body, or a `RawResult` for a file. */
export type OperationHandler = (call: OperationCall) => Promise<unknown>;
