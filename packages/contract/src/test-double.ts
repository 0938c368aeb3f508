import { z } from 'zod';
import { ListParams, listOf, Timestamp } from './common';
import type { Operation } from './operations/operation';
import { serviceOperations } from './operations/service';
import { named } from './registry';

/**
 * The mock as a test double: faults a test injects into chosen operations (`/__admin/faults`)
 * and the journal of the requests that arrived (`/__admin/requests`). Mock profile only.
 */

/** The statuses a fault may answer with: the service's own error body and headers for each. */
export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** `before`: the socket closes before the operation runs. `after`: it runs and commits, then the socket closes. */
export const FAULT_DISCONNECTS = ['before', 'after'] as const;
export type FaultDisconnect = (typeof FAULT_DISCONNECTS)[number];

/** Longest `delay_ms` of a fault: two minutes, longer than any client's default timeout. */
export const MAX_FAULT_DELAY_MS = 120_000;

/** Headers a fault's `headers` may add to its answer, at most. */
export const MAX_FAULT_HEADERS = 20;

/** The `operation` of a fault that applies to every operation its scope reaches. */
export const ANY_OPERATION = '*' as const;

/** Requests the journal keeps by default, per server process (`serve --journal-size N`). */
export const DEFAULT_JOURNAL_SIZE = 10_000;

/** The largest journal a server keeps (`--journal-size`): about a gigabyte of small requests. */
export const MAX_JOURNAL_SIZE = 1_000_000;

/** A key or secret is shown by its first characters only, then `…`. */
export const SHOWN_SECRET_CHARACTERS = 8;

/** Id of an operation a fault may name, such as `content.create` or `publicArticles.get`. */
export type FaultableOperationId = Exclude<(typeof serviceOperations)[number], { tag: 'Admin' }>['id'];

/** What a fault's `operation` may be: a faultable operation id, or `*` for all of them. */
export type FaultOperation = FaultableOperationId | typeof ANY_OPERATION;

/**
 * The operations a fault may name: every operation of the main API and the public article API
 * (the admin routes, the health check and the OpenAPI document are never faulted).
 */
export const FAULTABLE_OPERATIONS = serviceOperations
  .filter((operation: Operation) => operation.tag !== 'Admin')
  .map((operation) => operation.id) as [FaultableOperationId, ...FaultableOperationId[]];

const OPERATION_ERROR = `must be "${ANY_OPERATION}" or an operation id of the contract: ${FAULTABLE_OPERATIONS.join(', ')}`;

/** `operation` of a fault: `*` or a faultable operation id. */
const FaultOperation = z
  .enum([ANY_OPERATION, ...FAULTABLE_OPERATIONS], {
    error: (issue) => (issue.input === undefined ? `is required: it ${OPERATION_ERROR}` : OPERATION_ERROR),
  })
  .describe(
    `A contract operation id such as \`content.create\` or \`publicArticles.get\`, or \`${ANY_OPERATION}\` for every operation the scope reaches.`,
  );

/** A header name: an HTTP token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value a fault may set: visible ASCII and spaces, no line break. */
const HEADER_VALUE = /^[\x20-\x7e]*$/;
/** Headers a fault may not set: they frame the answer, or tie it to the journal. */
const RESERVED_HEADERS = new Set([
  'connection',
  'content-length',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'x-request-id',
]);

const ONE_ACTION =
  'is required, or `delay_ms`, or `disconnect`: give exactly one (status 429, 500, 502, 503 or 504; delay_ms from 1 to 120000; disconnect "before" or "after")';

const DELAY_RANGE = `must be an integer number of milliseconds from 1 to ${MAX_FAULT_DELAY_MS}`;
const TIMES_RANGE = 'must be a positive integer (the number of matching requests), or null for until removed';

export const FaultCreateParams = named(
  'FaultCreateParams',
  'Body of POST /__admin/faults: which requests fail (operation and scope), how (exactly one of `status`, `delay_ms`, `disconnect`), and how many times.',
  z
    .strictObject({
      operation: FaultOperation,
      api_key: z
        .string({ error: 'must be a main API key' })
        .min(1, { error: 'must be a main API key' })
        .optional()
        .describe("A main API key: the fault applies only to that key's account."),
      public_api_key: z
        .string({ error: "must be a project's public article API key" })
        .min(1, { error: "must be a project's public article API key" })
        .optional()
        .describe(
          "A public article API key: the fault applies only to that key's requests to the public article API.",
        ),
      status: z
        .literal(FAULT_STATUSES, { error: 'must be one of 429, 500, 502, 503, 504' })
        // An integer to generators (zod writes a literal's type as number).
        .meta({ type: 'integer' })
        .optional()
        .describe(
          "Answer with this status and the service's own error body and headers for it (a 429 carries `Retry-After: 1` and the rate-limit headers).",
        ),
      headers: z
        .record(z.string(), z.string({ error: 'must be a string' }), {
          error: 'must be an object of header names to string values',
        })
        .optional()
        .describe(
          'With `status`: headers to add to the answer or to override, such as `{"Retry-After": "2"}`.',
        ),
      delay_ms: z
        .number({ error: DELAY_RANGE })
        .int({ error: DELAY_RANGE })
        .min(1, { error: DELAY_RANGE })
        .max(MAX_FAULT_DELAY_MS, { error: DELAY_RANGE })
        .optional()
        .describe('Wait this long in real time (the mock clock does not move), then answer for real.'),
      disconnect: z
        .enum(FAULT_DISCONNECTS, { error: 'must be "before" or "after"' })
        .optional()
        .describe(
          'Close the connection with no answer: `before` the operation runs (nothing changes), or `after` it has run and committed (the lost answer; a retry with the same `Idempotency-Key` replays it).',
        ),
      times: z
        .number({ error: TIMES_RANGE })
        .int({ error: TIMES_RANGE })
        .min(1, { error: TIMES_RANGE })
        .nullable()
        .default(1)
        .describe('How many matching requests the fault applies to; `null`: until it is removed.'),
    })
    .superRefine((value, context) => {
      const actions = (['status', 'delay_ms', 'disconnect'] as const).filter(
        (name) => value[name] !== undefined,
      );
      if (actions.length === 0) context.addIssue({ code: 'custom', path: ['status'], message: ONE_ACTION });
      for (const extra of actions.slice(1)) {
        context.addIssue({
          code: 'custom',
          path: [extra],
          message: `cannot be given with \`${actions[0]}\`: a fault does one thing; make one fault for each`,
        });
      }
      if (value.api_key !== undefined && value.public_api_key !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['public_api_key'],
          message:
            'cannot be given with `api_key`: scope a fault to one account (api_key) or to one public key, or leave both out for every caller',
        });
      }
      if (value.headers !== undefined) checkHeaders(value.headers, value.status !== undefined, context);
    }),
);
export type FaultCreateParams = z.input<typeof FaultCreateParams>;

function checkHeaders(headers: Record<string, string>, withStatus: boolean, context: z.RefinementCtx): void {
  if (!withStatus) {
    context.addIssue({
      code: 'custom',
      path: ['headers'],
      message: 'applies to a `status` fault only; leave it out with `delay_ms` or `disconnect`',
    });
    return;
  }
  const names = Object.keys(headers);
  if (names.length > MAX_FAULT_HEADERS) {
    context.addIssue({
      code: 'custom',
      path: ['headers'],
      message: `holds ${names.length} headers; give at most ${MAX_FAULT_HEADERS}`,
    });
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      context.addIssue({
        code: 'custom',
        path: ['headers', name],
        message: 'is not a header name: use letters, digits and `-`, such as `Retry-After`',
      });
    } else if (RESERVED_HEADERS.has(name.toLowerCase())) {
      context.addIssue({
        code: 'custom',
        path: ['headers', name],
        message: `cannot be set by a fault: the server sets it; fault headers may not be ${[...RESERVED_HEADERS].join(', ')}`,
      });
    } else if (!HEADER_VALUE.test(value) || value.length > 1000) {
      context.addIssue({
        code: 'custom',
        path: ['headers', name],
        message: 'must be at most 1000 printable ASCII characters, without line breaks',
      });
    }
  }
}

export const Fault = named(
  'Fault',
  'A fault injected into the mock (mock profile only). Keys are shown by their first 8 characters only.',
  z.object({
    id: z.string().describe('Fault id, `flt_…`.'),
    operation: z.string().describe(`The operation id it applies to, or \`${ANY_OPERATION}\`.`),
    api_key: z
      .string()
      .nullable()
      .describe(
        'The main API key it is scoped to, as its first 8 characters and `…`; null when not scoped to one.',
      ),
    account_id: z.string().nullable().describe('The account of `api_key`.'),
    public_api_key: z
      .string()
      .nullable()
      .describe('The public article API key it is scoped to, as its first 8 characters and `…`.'),
    project_id: z.string().nullable().describe('The project of `public_api_key`.'),
    status: z.number().int().nullable().describe('The status it answers with, for a status fault.'),
    headers: z.record(z.string(), z.string()).describe('Headers it adds to its answer (status faults).'),
    delay_ms: z.number().int().nullable().describe('How long it holds a request, for a delay fault.'),
    disconnect: z
      .string()
      .nullable()
      .describe('`before` or `after` the operation runs, for a disconnect fault.'),
    times: z
      .number()
      .int()
      .nullable()
      .describe('Matching requests it still applies to; null: until it is removed.'),
    applied: z.number().int().describe('Requests it has applied to so far.'),
    created_at: Timestamp.describe('When it was made, on the mock clock.'),
  }),
);
export type Fault = z.infer<typeof Fault>;

export const FaultList = named(
  'FaultList',
  'The active faults, in the order they match (the order they were made).',
  z.object({ data: z.array(Fault) }),
);
export type FaultList = z.infer<typeof FaultList>;

export const AdminClearResult = named(
  'AdminClearResult',
  'Answer of an admin DELETE that removes many: how many went.',
  z.object({ deleted: z.number().int().describe('How many were removed.') }),
);
export type AdminClearResult = z.infer<typeof AdminClearResult>;

const scopeQuery = {
  api_key: z.string().optional().describe("A main API key: only what concerns that key's account."),
  public_api_key: z.string().optional().describe('A public article API key: only what concerns that key.'),
};

/** Query of `GET /__admin/faults` and `DELETE /__admin/faults`. */
export const FaultScopeQuery = z.object(scopeQuery);
export type FaultScopeQuery = z.input<typeof FaultScopeQuery>;

/** Query of `GET /__admin/requests`. */
export const RequestJournalQuery = ListParams.extend({
  ...scopeQuery,
  operation: z
    .enum(FAULTABLE_OPERATIONS, {
      error: `must be an operation id of the contract: ${FAULTABLE_OPERATIONS.join(', ')}`,
    })
    .optional()
    .describe('Only requests to this operation, such as `content.create`.'),
});
export type RequestJournalQuery = z.input<typeof RequestJournalQuery>;

export const RequestJournalEntry = named(
  'RequestJournalEntry',
  'One request as it arrived at the mock, with its outcome. Keys, webhook secrets and signing secrets appear as their first 8 characters and `…`.',
  z.object({
    id: z.string().describe('The request id its answer carried in `X-Request-Id`, `req_…`.'),
    at: Timestamp.describe('When it arrived, on the mock clock.'),
    operation: z.string().nullable().describe('The contract operation id; null for a path no operation has.'),
    method: z.string(),
    path: z.string().describe('The path, without the query string.'),
    query: z
      .record(z.string(), z.string())
      .describe('The query parameters; of a parameter given more than once, the first value.'),
    idempotency_key: z.string().nullable().describe('The `Idempotency-Key` header, when one was sent.'),
    body: z
      .unknown()
      .describe(
        'The body as parsed JSON; null without a body or when it is not JSON. String values past 1000 characters in a body over 64 KiB are cut.',
      ),
    status: z
      .number()
      .int()
      .nullable()
      .describe('The status answered; null when a fault closed the connection.'),
    duration_ms: z
      .number()
      .describe('Real time from arrival to answer, in milliseconds (a delay fault included).'),
    fault: z.string().nullable().describe('The fault that applied to it (`flt_…`), if one did.'),
  }),
);
export type RequestJournalEntry = z.infer<typeof RequestJournalEntry>;

export const RequestJournalList = listOf(RequestJournalEntry);
export type RequestJournalList = z.infer<typeof RequestJournalList>;
