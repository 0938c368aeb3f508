import { http, type RequestHandler } from 'msw';
import { createApiHandler } from '../api/router';
import type { DemoData } from '../engine/demo-data';
import { Engine } from '../engine/engine';
import { MANUAL_CLOCK_START, ManualClock } from '../engine/kernel/clock';
import { engineSchema } from '../engine/kernel/schema';
import { createMemoryStore } from '../store/memory';
import { toApiRequest, toFetchResponse } from './request-conversion';

/** Address the handlers answer on when no `baseURL` is given; `.test` never resolves. */
export const DEFAULT_MSW_BASE_URL = 'https://api.rankquill.test/v1';

export interface CreateHandlersOptions {
  /** Seed of ids, keys and generated text (default 42, like `rankquill-mock serve`). */
  seed?: string | number;
  /**
   * Main API address the handlers answer on, ending in `/v1` (default
   * `https://api.rankquill.test/v1`). The public article API answers beside it at
   * `<origin>/public-article-api`, the admin routes at `<origin>/__admin`.
   */
  baseURL?: string;
  /**
   * Requests the journal (`GET <origin>/__admin/requests`) keeps: default 10,000, 0 turns it off.
   * Faults (`POST <origin>/__admin/faults`) act here as on the reference server: a disconnect is
   * a network error, a delay waits in real time.
   * @example { journalSize: 0 }
   */
  journalSize?: number;
}

export interface RankquillHandlers {
  /** MSW request handlers: pass them to `setupServer(...handlers)` or `server.use(...handlers)`. */
  handlers: RequestHandler[];
  /** Main API address, for `new Rankquill({ baseURL })`. */
  baseURL: string;
  /** Public article API address, for `new PublicArticles({ baseURL })`. */
  contentApiURL: string;
  /** The seeded demo account's main API key, its first project and that project's public key. */
  demo: DemoData;
  /** Restores the seeded state: every change goes, the demo data comes back, the clock restarts. */
  reset(): Promise<void>;
  /** Moves the manual clock; generation and other scheduled work falling due runs before it returns. */
  advance(seconds: number): Promise<void>;
}

/**
 * MSW handlers backed by the same engine as the reference server, with an in-memory store and
 * a manual clock that starts at 2026-01-01T00:00:00Z. Requests go through the same API layer
 * as the HTTP server, so the in-process mock answers exactly as `rankquill-mock serve` does.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createHandlers } from '@rankquill/mock-server/msw';
 * import Rankquill from '@rankquill/sdk';
 *
 * const mock = await createHandlers({ seed: 1 });
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledFrame: 'error' });
 * const client = new Rankquill({ apiKey: mock.demo.api_key, baseURL: mock.baseURL });
 * const project = await client.projects.retrieve(mock.demo.project_id);
 * ```
 */
export async function createHandlers(options: CreateHandlersOptions = {}): Promise<RankquillHandlers> {
  const { origin, mountPath } = splitBaseURL(options.baseURL ?? DEFAULT_MSW_BASE_URL);
  const engine = await Engine.open({
    store: createMemoryStore(engineSchema),
    clock: new ManualClock(MANUAL_CLOCK_START),
    // Receivers compare webhook-timestamp with their own clock, not the mock's.
    wallClock: { now: () => Date.now() },
    seed: options.seed ?? 42,
    journalSize: options.journalSize,
  });
  // Deliveries and exports a request makes due run at once, as on the reference server.
  engine.startBackgroundWork();
  const handle = createApiHandler(engine);
  const handler = http.all(`${origin}${mountPath}/*`, async ({ request }) =>
    toFetchResponse(await handle(await toApiRequest(request, mountPath)), request.method),
  );
  return {
    handlers: [handler],
    baseURL: `${origin}${mountPath}/v1`,
    contentApiURL: `${origin}${mountPath}/public-article-api`,
    get demo() {
      return engine.demo;
    },
    reset: () => engine.reset(),
    async advance(seconds: number) {
      await engine.advance(seconds);
    },
  };
}

function splitBaseURL(baseURL: string): { origin: string; mountPath: string } {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new TypeError(
      `createHandlers: baseURL ${JSON.stringify(baseURL)} is not an absolute URL; pass one such as ${DEFAULT_MSW_BASE_URL}.`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v1')) {
    throw new TypeError(
      `createHandlers: baseURL must be the main API address ending in /v1, such as ${DEFAULT_MSW_BASE_URL}; got ${baseURL}.`,
    );
  }
  return { origin: url.origin, mountPath: path.slice(0, -'/v1'.length) };
}
