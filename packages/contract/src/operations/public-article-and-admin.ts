import { z } from 'zod';
import { AdminAccount, AdminAccountCreateParams, ClockAdvanceParams, ClockState } from '../admin';
import { PublicArticleListResponse, PublicArticleQuery, PublicArticleResponse } from '../public-article';
import { type Operation, op } from './operation';

/**
 * The public article API, the mock server's admin API and the service's own endpoints (liveness,
 * the OpenAPI document).
 */
export const publicArticleAndAdminOperations = [
  op({
    id: 'publicArticles.get',
    method: 'GET',
    path: '/public-article-api',
    summary: 'List published articles, or get one with ?id=',
    tag: 'Public article API',
    auth: 'service-key',
    query: PublicArticleQuery,
    status: 200,
    // `oneOf` in the document: the two answers are told apart by their fields (`articles`,
    // `article`), which ogen reads from a oneOf and refuses in an anyOf.
    response: z.xor([PublicArticleListResponse, PublicArticleResponse]),
  }),
  op({
    id: 'admin.accounts.create',
    method: 'POST',
    path: '/__admin/accounts',
    summary: 'Create an account with a main API key',
    tag: 'Admin',
    auth: 'admin',
    body: AdminAccountCreateParams,
    status: 201,
    response: AdminAccount,
  }),
  op({
    id: 'admin.clock.retrieve',
    mockOnly: true,
    method: 'GET',
    path: '/__admin/clock',
    summary: 'Read the server clock',
    tag: 'Admin',
    auth: 'admin',
    status: 200,
    response: ClockState,
  }),
  op({
    id: 'admin.clock.advance',
    mockOnly: true,
    method: 'POST',
    path: '/__admin/clock/advance',
    summary: 'Move the manual clock and run everything that falls due',
    tag: 'Admin',
    auth: 'admin',
    body: ClockAdvanceParams,
    status: 200,
    response: ClockState,
    // 409: the server runs on the real clock, which only time moves.
    errorStatuses: [400, 401, 409, 500],
  }),
  op({
    id: 'admin.reset',
    mockOnly: true,
    method: 'POST',
    path: '/__admin/reset',
    summary: 'Restore the seeded state',
    tag: 'Admin',
    auth: 'admin',
    status: 200,
    response: z.object({ reset: z.literal(true) }),
  }),
  op({
    id: 'health',
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness',
    tag: 'Admin',
    auth: 'none',
    status: 200,
    response: z.object({ status: z.literal('ok') }),
  }),
  op({
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'Admin',
    auth: 'none',
    status: 200,
    response: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document of the service.'),
  }),
] as const satisfies readonly Operation[];
