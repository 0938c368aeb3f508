import { type RunningServer, type ServerOptions, startServer } from '../../src/runtime/server';

export interface CallOptions {
  /** Main API key, sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** JSON body, serialized unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely; schemas are checked where it matters
export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A reference server on an ephemeral port with an in-memory store and the manual clock. */
export interface TestServer extends RunningServer {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  advance(seconds: number): Promise<void>;
}

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const server = await startServer({ port: 0, db: ':memory:', clock: 'manual', seed: 7, ...options });
  const call = async <T>(method: string, path: string, { key, body, headers = {} }: CallOptions = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        // As a client does: a JSON Content-Type on every request that may carry a body.
        ...(method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return {
    ...server,
    call,
    async advance(seconds: number) {
      const answer = await call('POST', '/__admin/clock/advance', { body: { seconds } });
      if (answer.status !== 200) throw new Error(`advance failed: ${answer.text}`);
    },
  };
}
