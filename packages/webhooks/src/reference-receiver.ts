/**
 * The reference receiver of spec 6, a complete server on `node:http`.
 *
 * @module @rankquill/webhooks/reference-receiver
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHandler } from './adapters/node-http';
import { sendJson } from './adapters/node-response';
import { ARTICLE_PAGE_CSP, renderArticlePage } from './article-page';
import { createWebhookReceiver, type WebhookReceiver, type WebhookReceiverOptions } from './receiver';
import type { ArticleStore } from './stores/article-store';
import { MemoryArticleStore } from './stores/memory';
import { SqliteArticleStore } from './stores/sqlite';

/** Options of `startReferenceReceiver`. */
export interface ReferenceReceiverOptions
  extends Pick<
    WebhookReceiverOptions,
    'secret' | 'signingSecret' | 'authorDefault' | 'siteBaseUrl' | 'on' | 'now'
  > {
  /** Port; default 0, any free port. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /** SQLite file for the articles; default: kept in memory. */
  dbPath?: string;
  /**
   * Receives one JSON line per delivery: `{"time","event","delivery","status","url"|"error"}`.
   * @example (line) => process.stdout.write(`${line}\n`)
   */
  log?: (line: string) => void;
}

/** A running reference receiver. */
export interface ReferenceReceiver {
  /** Base URL, such as `http://127.0.0.1:53124`; deliveries go to `${url}/webhook`. */
  url: string;
  receiver: WebhookReceiver;
  store: ArticleStore;
  /**
   * Stops the server and closes the database.
   * @example
   * ```ts
   * const receiver = await startReferenceReceiver({ secret: 'test-secret' });
   * await receiver.close();
   * ```
   */
  close(): Promise<void>;
}

const ARTICLE_PATH = /^\/([^/]+)\/resources\/blog\/([^/]+)\/?$/;

/** `value` percent-decoded, or undefined when it holds a malformed escape such as `%zz`. */
function decodePathSegment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Starts the reference receiver of spec 6 on `node:http`: `POST /webhook` receives deliveries,
 * each stored article is served as an HTML page at the URL it answered
 * (`/<language>/resources/blog/<slug>`), and `GET /articles` lists the articles as JSON. Use it
 * to try the integration end to end, or as the receiver in tests of a sender.
 *
 * @example
 * ```ts
 * import { startReferenceReceiver } from '@rankquill/webhooks/reference-receiver';
 * const server = await startReferenceReceiver({ secret: 'my-secret', port: 4020, log: console.log });
 * console.log(`Webhook URL: ${server.url}/webhook`);
 * ```
 */
export async function startReferenceReceiver(options: ReferenceReceiverOptions): Promise<ReferenceReceiver> {
  const { port = 0, host = '127.0.0.1', dbPath, log } = options;
  const sqlite = dbPath === undefined ? undefined : new SqliteArticleStore({ path: dbPath });
  const store: ArticleStore = sqlite ?? new MemoryArticleStore();
  const now = options.now ?? Date.now;
  const receiver = createWebhookReceiver({
    secret: options.secret,
    signingSecret: options.signingSecret,
    store,
    authorDefault: options.authorDefault,
    siteBaseUrl: options.siteBaseUrl,
    on: options.on,
    now,
  });
  const webhook = createNodeHandler(receiver, {
    onResult: (result, req) => {
      if (!log) return;
      const delivery = req.headers['x-service-delivery'];
      log(
        JSON.stringify({
          time: new Date(now()).toISOString(),
          event: result.event ?? null,
          delivery: typeof delivery === 'string' ? delivery : null,
          status: result.status,
          ...result.body,
        }),
      );
    },
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    if (!URL.canParse(target, 'http://receiver')) {
      return sendJson(res, 400, { error: 'Malformed request target: send a path such as /webhook.' });
    }
    const path = new URL(target, 'http://receiver').pathname;
    if (path === '/webhook') return webhook(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { error: `Method ${req.method} not allowed here.` }, { allow: 'GET' });
    }
    if (path === '/articles') return sendJson(res, 200, { articles: await store.list() });
    const match = ARTICLE_PATH.exec(path);
    if (match) {
      const language = decodePathSegment(match[1] ?? '');
      const slug = decodePathSegment(match[2] ?? '');
      if (language === undefined || slug === undefined) {
        return sendJson(res, 400, {
          error: `Malformed percent escape in ${path}: encode the language and slug with encodeURIComponent.`,
        });
      }
      const article = await store.get(slug);
      if (article && article.language === language) {
        const html = renderArticlePage(article);
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': String(Buffer.byteLength(html)),
          'content-security-policy': ARTICLE_PAGE_CSP,
        });
        res.end(req.method === 'HEAD' ? undefined : html);
        return;
      }
    }
    sendJson(res, 404, { error: `Nothing at ${path}: articles live at /<language>/resources/blog/<slug>.` });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: `The reference receiver failed: ${String(error)}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostname}:${address.port}`,
    receiver,
    store,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          sqlite?.close();
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
