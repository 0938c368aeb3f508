// A Next.js App Router route handler (app/api/rankquill/route.ts). Nothing here is Next-specific:
// the same POST works in Hono (`(c) => POST(c.req.raw)`), Bun, Deno and Workers.
import type { WebhookReceiverOptions } from '@rankquill/webhooks';
import { createFetchHandler } from '@rankquill/webhooks/fetch';

/** Builds the route for the given options; tests pass their own clock and store. */
export function createRoute(options: WebhookReceiverOptions): { POST(request: Request): Promise<Response> } {
  const handler = createFetchHandler(options);
  return { POST: (request) => handler(request) };
}

let route: ReturnType<typeof createRoute> | undefined;

/**
 * The exported handler reads the secret, and the optional signing secret (`whsec_…`, which makes
 * it accept only deliveries signed with it), on first use, so the module imports without them set.
 */
export async function POST(request: Request): Promise<Response> {
  route ??= createRoute({
    secret: process.env.RANKQUILL_WEBHOOK_SECRET ?? '',
    signingSecret: process.env.RANKQUILL_WEBHOOK_SIGNING_SECRET || undefined,
  });
  return route.POST(request);
}

// Other methods go to the same handler, which answers them 405 with Allow: POST.
export { POST as DELETE, POST as GET, POST as PATCH, POST as PUT };
