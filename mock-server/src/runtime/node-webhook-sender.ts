import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type EgressPolicy, resolvedRefusal } from '../engine/webhooks/egress';
import type { WebhookHttpRequest } from '../engine/webhooks/request';
import {
  refusedAnswer,
  WEBHOOK_ANSWER_MAX_CHARS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookAnswer,
  type WebhookSender,
} from '../engine/webhooks/sender';

export interface NodeWebhookSenderOptions {
  /** Where webhooks may go; every address a host name resolves to is checked as it connects. */
  egress: EgressPolicy;
  /**
   * Milliseconds to wait for the answer before the attempt counts as failed.
   * @default 15000
   */
  timeoutMs?: number;
  /** Aborts attempts in flight, such as when the server shuts down. */
  signal?: AbortSignal;
}

/**
 * Every address of a host name, as the system resolver answers (`/etc/hosts` included).
 *
 * @example
 * ```ts
 * const addresses = await systemResolve('localhost'); // ['127.0.0.1', '::1'] on most systems
 * ```
 */
export async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** Thrown by the lookup when the egress policy refuses an address; nothing is sent. */
class EgressRefused extends Error {}

/**
 * The reference server's sender: `node:http(s)` with kept-alive connections, redirects not
 * followed, a 15-second timeout, and the egress policy applied to the very address each
 * connection goes to: the host name is resolved through the policy's resolver, every answer is
 * checked, and the socket connects to a checked one, so a DNS answer that changes between the
 * check and the connection cannot slip past it.
 *
 * @example
 * ```ts
 * const sender = new NodeWebhookSender({ egress: new EgressPolicy({ allowPrivate: false, resolve: systemResolve }) });
 * ```
 */
export class NodeWebhookSender implements WebhookSender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(private readonly options: NodeWebhookSenderOptions) {}

  async send(request: WebhookHttpRequest): Promise<WebhookAnswer> {
    const { egress } = this.options;
    const target = egress.checkTarget(request.url);
    if (target.refusal !== undefined) return refusedAnswer(request.url, target.refusal);
    const url = new URL(request.url);
    const timeoutMs = this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const client = url.protocol === 'https:' ? https : http;
    // No request at all once the server is shutting down: destroying one before its 'error'
    // listener is on would throw "socket hang up" out of the event loop.
    if (this.options.signal?.aborted) {
      return { status: null, body: '', error: 'The server shut down during the attempt.' };
    }
    return new Promise<WebhookAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: WebhookAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const outgoing = client.request(url, {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent: this.agents[url.protocol as 'http:' | 'https:'],
        lookup: target.hostname === undefined ? undefined : this.checkedLookup(target.port),
      });
      const timer = setTimeout(() => {
        finish({ status: null, body: '', error: `No answer within ${timeoutMs / 1000} s (timeout).` });
        outgoing.destroy();
      }, timeoutMs);
      const onAbort = () => {
        finish({ status: null, body: '', error: 'The server shut down during the attempt.' });
        outgoing.destroy();
      };
      outgoing.on('error', (error) => {
        if (error instanceof EgressRefused) finish(refusedAnswer(request.url, error.message));
        else finish({ status: null, body: '', error: `Network error: ${describe(error)}.` });
      });
      this.options.signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < WEBHOOK_ANSWER_MAX_CHARS) body += chunk;
        });
        response.on('end', () =>
          finish({
            status: response.statusCode ?? null,
            body: body.slice(0, WEBHOOK_ANSWER_MAX_CHARS),
            error: null,
          }),
        );
        response.on('error', (error) =>
          finish({ status: null, body: '', error: `Network error: ${describe(error)}.` }),
        );
      });
      outgoing.end(request.body);
    });
  }

  /**
   * Closes the kept-alive connections.
   * @example server.on('close', () => sender.close());
   */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  /** A `lookup` for the socket: resolves, checks every address, hands over the checked ones. */
  private checkedLookup(port: number): LookupFunction {
    const { egress } = this.options;
    const resolve = egress.resolve ?? systemResolve;
    return (hostname, options, callback) => {
      resolve(hostname).then(
        (addresses) => {
          if (addresses.length === 0) {
            callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
            return;
          }
          for (const address of addresses) {
            const refusal = egress.checkAddress(address, port);
            if (refusal !== undefined) {
              callback(new EgressRefused(resolvedRefusal(hostname, refusal)), '', 4);
              return;
            }
          }
          const found = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          const matching = found.filter((entry) => !options.family || entry.family === options.family);
          const wanted = matching.length > 0 ? matching : found;
          if (options.all) {
            (callback as unknown as (error: null, all: typeof found) => void)(null, wanted);
            return;
          }
          const [first] = wanted;
          callback(null, first?.address ?? '', first?.family ?? 4);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
      );
    };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}
