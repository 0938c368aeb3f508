import { readFileSync } from 'node:fs';

/** The contract's client vectors, read where they live (never copied). */
const vectorsDir = new URL('../../../contract/vectors/', import.meta.url);

function load<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, vectorsDir), 'utf8')) as T;
}

export interface RetryCase {
  name: string;
  retry: number;
  outcome: { status: number; headers: Record<string, string> } | { error: 'connection' | 'timeout' };
  now_ms: number;
  random: number;
  wait_ms: number | null;
}

export type ErrorKind =
  | 'bad_request'
  | 'authentication'
  | 'not_found'
  | 'conflict'
  | 'rate_limit'
  | 'internal_server'
  | 'api';

export interface ErrorCase {
  name: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  error: {
    kind: ErrorKind;
    status: number;
    type: string | null;
    message: string;
    param: string | null;
    request_id: string | null;
  };
}

export interface PaginationCase {
  name: string;
  params: Record<string, string | number>;
  pagination: { limit: number; offset: number; count: number; total: number; has_more: boolean };
  next: Record<string, string | number> | null;
}

export type PathEncodingCase = { name: string; operation: string; ids: string[] } & (
  | { path: string }
  | { refused: string }
);

export const retryVectors = load<{ cases: RetryCase[] }>('retries.json').cases;
export const errorVectors = load<{ cases: ErrorCase[] }>('errors.json').cases;
export const paginationVectors = load<{ cases: PaginationCase[] }>('pagination.json').cases;
export const pathEncodingVectors = load<{ cases: PathEncodingCase[] }>('path-encoding.json').cases;
