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
  /** Requests that arrived while one about the same slug was still unanswered: `<slug> <event>`. */
  overlaps: string[];
  close(): Promise<void>;
}

export interface RecordingReceiverOptions {
  /** The status of the answer to request `attempt` (counting from 1); default 200. */
  status?: (attempt: number, request: RecordedRequest) => number;
  /** Never answers request `attempt`. */
  hold?: (attempt: number) => boolean;
  /** Milliseconds before the answer, as a slow receiver takes. */
  delayMs?: number;
}

/**
 * A webhook receiver in the test process that records every request. It answers with
 * `status(attempt, request)`: on success `{"success": true, "url": "/en/resources/blog/<slug>"}`,
 * else an error body; or, when `hold(attempt)`, never.
 */
export async function startRecordingReceiver(
  options: RecordingReceiverOptions = {},
): Promise<RecordingReceiver> {
  const requests: RecordedRequest[] = [];
  const overlaps: string[] = [];
  const unanswered = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { headers: req.headers, body };
      requests.push(request);
      const attempt = requests.length;
      if (options.hold?.(attempt)) return;
      const slug = (JSON.parse(body) as { slug?: string }).slug;
      const item = slug ?? String(req.headers['webhook-id']);
      if (unanswered.get(item)) overlaps.push(`${item} ${req.headers['x-service-event']}`);
      unanswered.set(item, (unanswered.get(item) ?? 0) + 1);
      setTimeout(() => {
        unanswered.set(item, (unanswered.get(item) ?? 1) - 1);
        const code = options.status?.(attempt, request) ?? 200;
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            code < 300 ? { success: true, url: `/en/resources/blog/${slug}` } : { error: 'storage down' },
          ),
        );
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    requests,
    overlaps,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
