import { type OperationId, operations } from '@rankquill/contract';
import type { RunningServer } from '../runtime/server';

/** What one call of an operation carries. */
export interface CallValues {
  /** Path parameters by the contract's name, such as `projectId`. */
  ids?: Record<string, string>;
  query?: string;
  body?: unknown;
  apiKey?: string;
}

/**
 * A call of the test helper that the mock server refused; `status` is its answer's.
 *
 * @example
 * ```ts
 * try { await mock.fail('content.creat', 503); } catch (error) { if (error instanceof MockServerCallError) console.log(error.status); } // 400
 * ```
 */
export class MockServerCallError extends Error {
  override name = 'MockServerCallError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the contract operation `id` on the server: its method and path come from the contract. */
export async function call<T>(
  server: Pick<RunningServer, 'url'>,
  id: OperationId,
  values: CallValues,
): Promise<T> {
  const { method, path } = operationById(id);
  const { ids = {}, query = '', apiKey } = values;
  // The server takes every POST as JSON, an empty one too.
  const body = values.body ?? (method === 'POST' ? {} : undefined);
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] ?? ''));
  const response = await fetch(`${server.url}${filled}${query}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new MockServerCallError(
      response.status,
      `The mock server answered ${response.status} to ${method} ${filled}: ${errorMessage(text)}`,
    );
  }
  return JSON.parse(text) as T;
}

function operationById(id: OperationId): { method: string; path: string } {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`${id} is not an operation of the contract.`);
  return operation;
}

/** The message of an error body (`{"error": {"message"}}`), else the body itself. */
function errorMessage(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: the text says it.
  }
  return text;
}
