import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The requests a server has accepted and their work, so that stopping it waits for each
 * request's work and not only for its connection: a client that leaves (a load test ending, a
 * proxy timing out) does not end what its request started, and the store must outlive it.
 *
 * @example
 * ```ts
 * const drain = new RequestDrain();
 * drain.track(res, handle(req, res), (error) => res.destroy(error as Error));
 * // on SIGTERM, once no new request can start:
 * await drain.settled(10_000);
 * await store.close();
 * ```
 */
export class RequestDrain {
  private readonly pending = new Set<ServerResponse>();
  private readonly waiters = new Set<() => void>();

  /** Requests whose work has not ended yet. */
  get size(): number {
    return this.pending.size;
  }

  /** The answers of the requests still at work. */
  responses(): IterableIterator<ServerResponse> {
    return this.pending.values();
  }

  /** Counts the request of `res` until `work` settles; a failure goes to `failed` first. */
  track(res: ServerResponse, work: Promise<unknown>, failed: (error: unknown) => void): void {
    this.pending.add(res);
    const done = () => {
      this.pending.delete(res);
      if (this.pending.size > 0 || this.waiters.size === 0) return;
      for (const wake of this.waiters) wake();
      this.waiters.clear();
    };
    void work.then(done, (error: unknown) => {
      failed(error);
      done();
    });
  }

  /** Resolves to true once no tracked work is left, or to false after `ms` with some still running. */
  settled(ms: number): Promise<boolean> {
    if (this.pending.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        resolve(false);
      }, ms);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.add(done);
    });
  }
}

/**
 * The 503 a stopping server gives a request that arrived after it was told to stop (on a
 * connection it had kept alive): nothing ran, so the client may send it again, to another
 * server. `Connection: close` ends the connection with the answer. The body is the error format
 * of the API addressed.
 */
export function refuseWhileClosing(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  headers: Record<string, string> = {},
): void {
  const message =
    'The server is shutting down and did not run this request; send it again (another instance behind the same address will take it).';
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const body =
    path === '/public-article-api' || path.startsWith('/public-article-api/')
      ? JSON.stringify({ success: false, error: message })
      : JSON.stringify({ error: { type: 'api_error', message, request_id: requestId } });
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
    'x-request-id': requestId,
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
