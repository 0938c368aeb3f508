import type { Engine } from '../engine/engine';
import type { AccountRecord } from '../engine/records';

/** A request as every adapter (Express, MSW) hands it to the API layer. */
export interface ApiRequest {
  method: string;
  /** Path without the query string, such as `/v1/projects`. */
  path: string;
  /** Query parameters; a repeated parameter keeps its first value. */
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The raw body, `''` when there is none. */
  body: string;
}

/** An answer, with its body already serialized. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What an operation handler gets. */
export interface OperationCall {
  engine: Engine;
  request: ApiRequest;
  params: Record<string, string>;
  /** The parsed JSON body (`{}` when the request had none). */
  body: unknown;
  /** The authenticated account, for bearer operations. */
  account: AccountRecord;
}

export type OperationHandler = (call: OperationCall) => Promise<unknown>;
