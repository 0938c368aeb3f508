import { z } from 'zod';
import { CLIENT_POLICY } from './client-policy';
import { MAX_REQUEST_BODY_BYTES } from './common';
import { describeOperation } from './openapi-descriptions';
import { portableSchema } from './openapi-portable';
import { webhooksSection } from './openapi-webhooks';
import { errorBodyOf, type Operation, operations } from './operations';
import { contractRegistry, namedSchemas } from './registry';

/** A JSON object, as the OpenAPI document and its parts are built. */
export type JsonObject = Record<string, unknown>;

const ERROR_STATUSES: Record<Operation['auth'], number[]> = {
  bearer: [400, 401, 404, 409, 429, 500],
  'service-key': [400, 401, 404, 500],
  // 403: a request to an admin route with a Host that is not loopback, on a server without an admin token.
  admin: [400, 401, 403, 500],
  none: [],
};

/**
 * Error statuses of an operation: those of its credential (or its own list), and, for a method
 * that may carry a body, 413 (larger than `MAX_REQUEST_BODY_BYTES`) and 415 (not JSON).
 */
function errorStatusesOf(operation: Operation): number[] {
  const statuses = new Set(operation.errorStatuses ?? ERROR_STATUSES[operation.auth]);
  if (operation.method !== 'GET') {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description: 'Identifies the request; the same as `request_id` in an error body. On every answer.',
    required: true,
    schema: { type: 'string' },
  },
};

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests the account may make per rolling hour. On every answer to a valid main API key.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current hour.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time, in seconds, at which one more request becomes available.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/** Headers of an answer with `status` to `operation`. */
function headersOf(operation: Operation, status: number): JsonObject {
  return {
    ...REQUEST_ID_HEADER,
    ...(operation.auth === 'bearer' ? RATE_LIMIT_HEADERS : {}),
    ...(status === 429
      ? {
          'Retry-After': {
            description: 'Seconds to wait before the next request is accepted.',
            required: true,
            schema: { type: 'string', pattern: '^[0-9]+$' },
          },
        }
      : {}),
  };
}

/** Ids from the contract's registry, descriptions from `.describe()` (zod's global registry). */
const metadata = z.registry<Record<string, unknown>>();
metadata.get = (schema) => {
  const own = contractRegistry.get(schema);
  const global = z.globalRegistry.get(schema);
  return own || global ? { ...global, ...own } : undefined;
};
metadata.has = (schema) => contractRegistry.has(schema) || z.globalRegistry.has(schema);

const MAX_SAFE_BOUND = /,?"(maximum|minimum)":-?9007199254740991/g;

/** Converts a zod schema to JSON Schema 2020-12 with named sub-schemas as component refs. */
function toSchema(schema: z.ZodType, io: 'input' | 'output', { inlineRoot = false } = {}): JsonObject {
  const id = contractRegistry.get(schema)?.id;
  if (id !== undefined && !inlineRoot) return { $ref: `#/components/schemas/${id}` };
  let json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    metadata,
  }) as JsonObject;
  const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
  // A named root comes out as a $ref to its own $defs entry: write its body in place.
  if (id !== undefined && defs[id]) json = { ...defs[id] };
  delete json.$schema;
  delete json.$defs;
  delete json.$id;
  delete json.id;
  let text = JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/');
  // Answers may gain fields in later versions; only request bodies are closed. A request's
  // integers keep the bounds zod gives every integer, since the server refuses what lies beyond.
  if (io === 'output') {
    text = text.replaceAll(',"additionalProperties":false', '').replace(MAX_SAFE_BOUND, '');
  }
  return portableSchema(JSON.parse(text) as JsonObject);
}

/**
 * The query parameters of an operation with their JSON Schema: a string one is never empty (an
 * empty or repeated parameter is a 400 naming it). The router reads which ones are integers.
 *
 * @example
 * ```ts
 * queryParameters(operation).filter((p) => p.schema.type === 'integer').map((p) => p.name); // ['limit', 'offset']
 * ```
 */
export function queryParameters(
  operation: Pick<Operation, 'query'>,
): Array<{ name: string; required: boolean; schema: JsonObject }> {
  return Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => {
    const json = toSchema(schema as z.ZodType, 'input');
    if (json.type === 'string' && json.minLength === undefined && json.enum === undefined) json.minLength = 1;
    // Optional and defaulted parameters accept their absence; a required one (an export's format) does not.
    const required = !(schema as z.ZodType).safeParse(undefined).success;
    return { name, required, schema: json };
  });
}

function parametersOf(operation: Operation): JsonObject[] {
  const path = [...operation.path.matchAll(/:([A-Za-z]+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = queryParameters(operation).map(({ name, required, schema }) => ({
    name,
    in: 'query',
    required,
    schema:
      name === 'operation' && schema.enum !== undefined
        ? { ...schema, 'x-ogen-name': ogenName(operation, name) }
        : schema,
  }));
  const headers =
    operation.idempotent === true
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Same key and body within 24 hours replays the first answer; another body is a 409.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ]
      : [];
  return [...path, ...query, ...headers];
}

/**
 * The Go type name ogen gives an inline enum parameter is the operation's name and the
 * parameter's (`AdminRequestsList` + `Operation`), which for a parameter called `operation` is the
 * name ogen gives the operation itself: the generated code would not compile. `x-ogen-name` names it.
 */
function ogenName(operation: Operation, parameter: string): string {
  const pascal = (text: string) =>
    text.replace(/(^|[._-])([a-z])/g, (_, _separator, letter: string) => letter.toUpperCase());
  return `${pascal(operation.id)}${pascal(parameter)}Filter`;
}

/**
 * A success answer that is a file (exports): one entry per media type (text is UTF-8), the JSON
 * one with its schema when the operation has one, text as strings, other types as binary strings,
 * and the file name header.
 */
function fileResponse(operation: Operation): JsonObject {
  const content: JsonObject = {};
  for (const type of operation.responseContentTypes ?? []) {
    content[type] = {
      schema:
        type === 'application/json' && operation.response
          ? toSchema(operation.response, 'output')
          : type.startsWith('text/') || type === 'application/json'
            ? { type: 'string' }
            : // `format: binary` beside `contentMediaType`: openapi-generator reads only the former
              // for a file (`File` in Java, where a bare string decodes a ZIP as text).
              { type: 'string', format: 'binary', contentMediaType: type },
    };
  }
  return {
    headers: {
      'Content-Disposition': {
        description:
          '`attachment; filename="<project>-<what>-<date>.<ext>"`: the name to save the file under.',
        schema: { type: 'string' },
      },
    },
    content,
  };
}

function operationObject(operation: Operation): JsonObject {
  const responses: JsonObject = {
    [operation.status]: {
      description: operation.summary,
      ...(operation.responseContentTypes
        ? fileResponse(operation)
        : operation.response
          ? { content: { 'application/json': { schema: toSchema(operation.response, 'output') } } }
          : {}),
    },
  };
  const success = responses[operation.status] as JsonObject;
  success.headers = { ...headersOf(operation, operation.status), ...(success.headers as JsonObject) };
  for (const status of errorStatusesOf(operation)) {
    responses[status] = {
      description: 'Error',
      headers: headersOf(operation, status),
      content: { 'application/json': { schema: toSchema(errorBodyOf(operation), 'output') } },
    };
  }
  // Admin routes need no credential on the mock's loopback (their main use); a server with an
  // admin token wants it as a bearer, which the description says. A security requirement here
  // would make generators demand a credential for every call.
  const security =
    operation.auth === 'bearer'
      ? [{ bearer: [] }]
      : operation.auth === 'service-key'
        ? [{ serviceKey: [] }]
        : [];
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: describeOperation(operation),
    tags: [operation.tag],
    security,
    ...(operation.formatOf ? { 'x-rankquill-format-of': operation.formatOf } : {}),
    parameters: parametersOf(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(operation.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

const TAGS = [
  { name: 'Projects', description: 'Projects, their settings and their public article API key.' },
  { name: 'Content', description: 'Generated articles: create, edit, publish, unpublish, delete.' },
  { name: 'Keywords', description: 'Tracked keywords, their daily rankings and opportunity scores.' },
  { name: 'AI visibility', description: 'Topics, prompts, AI answers and the visibility score.' },
  { name: 'Exports', description: 'File exports, streamed, and asynchronous bulk exports.' },
  {
    name: 'Webhooks',
    description: "The project's webhook: test it, rotate its signing secret, list and redeliver deliveries.",
  },
  { name: 'Activity', description: "The project's activity feed." },
  {
    name: 'Public article API',
    description: "Read-only published articles of a key's project, for the customer's own site.",
  },
  {
    name: 'Admin',
    description:
      'Routes of the reference server for tests and operators: accounts, clock, reset, faults and the request journal, health, this document.',
  },
  {
    name: 'Webhook events',
    description: "What the service POSTs to a project's webhook URL, and the receiver's answers (spec 6).",
  },
];

/**
 * A request body's defaults are applied by the server: the document states them in the
 * description, since generators (openapi-typescript) make a field with a `default` required.
 */
function defaultsInDescriptions(schema: JsonObject): JsonObject {
  for (const property of Object.values((schema.properties ?? {}) as Record<string, JsonObject>)) {
    if ('default' in property) {
      const sentence = `Default \`${JSON.stringify(property.default)}\`.`;
      property.description = property.description ? `${property.description} ${sentence}` : sentence;
      delete property.default;
    }
    defaultsInDescriptions(property);
  }
  return schema;
}

/**
 * Builds the OpenAPI 3.1 document of the service from the contract's operations and schemas.
 *
 * @example
 * ```ts
 * import { buildOpenApiDocument } from '@rankquill/contract';
 * const document = buildOpenApiDocument();
 * console.log(Object.keys(document.paths));
 * ```
 */
export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations as readonly Operation[]) {
    const path = operation.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as JsonObject)[operation.method.toLowerCase()] = operationObject(operation);
  }
  const schemas: Record<string, JsonObject> = {};
  for (const [id, schema] of [...namedSchemas].sort(([a], [b]) => a.localeCompare(b))) {
    schemas[id] = id.endsWith('Params')
      ? defaultsInDescriptions(toSchema(schema, 'input', { inlineRoot: true }))
      : toSchema(schema, 'output', { inlineRoot: true });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rankquill API',
      version: '1.0.0',
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Rankquill' },
      description: [
        'Content, keyword and AI-visibility service: main API, public article API and admin routes of the reference server.',
        'A server on the manual clock (a test double) adds `x-rankquill-clock: manual` to every answer: its time moves only through `POST /__admin/clock/advance`, so a client must not wait for time to pass there.',
        'Every answer carries `X-Request-Id`. A query parameter that is empty or given twice is a 400 naming it; integers are written in decimal digits only.',
        `Request bodies are JSON (\`Content-Type: application/json\`, else 415) of at most ${MAX_REQUEST_BODY_BYTES} bytes (else 413).`,
        'A known path with a method it does not take answers 405 with `Allow`; `HEAD` works wherever `GET` does, and `OPTIONS` answers 204 with `Allow`.',
      ].join(' '),
    },
    // Relative: the server that serves this document (any port, any host), as `rankquill-mock
    // serve --port 0` needs; a generated client takes its base URL from its caller.
    servers: [{ url: '/', description: 'The server that serves this document at /openapi.json' }],
    tags: TAGS,
    paths,
    webhooks: webhooksSection(),
    // What every client decides alone (timeouts, retries, polling), so generators read it too.
    'x-rankquill-client-policy': CLIENT_POLICY as unknown as JsonObject,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Main API key: Authorization: Bearer <API_KEY>.',
        },
        serviceKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Key',
          description: 'Public article API key of a project.',
        },
        webhookSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'x-service-key',
          description:
            "The secret the customer entered in the project's webhook settings, sent with every delivery; the receiver compares it in constant time and answers 401 on a mismatch.",
        },
      },
    },
  };
}
