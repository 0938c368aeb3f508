import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';

/** What the scripted server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Script = (request: SeenRequest, index: number, response: ServerResponse) => void;

/**
 * A tiny HTTP server outside the engine, for what the real service never does on demand:
 * 429s, 5xx, slow answers and dropped connections. Each request runs the script with its index.
 */
export async function startScriptedServer(script: Script) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      };
      seen.push(request);
      script(request, seen.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with a status and extra headers. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_scripted', ...headers });
  res.end(JSON.stringify(body));
}

export function apiError(
  res: ServerResponse,
  status: number,
  type: string,
  headers: Record<string, string> = {},
) {
  json(res, status, { error: { type, message: `scripted ${status}`, request_id: 'req_scripted' } }, headers);
}

/** A loopback port nothing listens on (it was free a moment ago), for a refused connection. */
export async function unusedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
