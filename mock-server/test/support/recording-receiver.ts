import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingReceiver {
  /** The webhook URL to give a project. */
  url: string;
  /** Every request so far, in arrival order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A webhook receiver in the test process that records every request. It answers with
 * `status(attempt)` (counting from 1): on success `{"success": true, "url": "/en/resources/blog/<slug>"}`,
 * else an error body; or, when `hold(attempt)`, never.
 */
export async function startRecordingReceiver(
  options: { status?: (attempt: number) => number; hold?: (attempt: number) => boolean } = {},
): Promise<RecordingReceiver> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      const attempt = requests.length;
      if (options.hold?.(attempt)) return;
      const code = options.status?.(attempt) ?? 200;
      const slug = (JSON.parse(body) as { slug?: string }).slug;
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          code < 300 ? { success: true, url: `/en/resources/blog/${slug}` } : { error: 'storage down' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
