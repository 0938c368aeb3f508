import { z } from 'zod';
import { errorBodyOf, type Operation, operations } from './operations';
import { contractRegistry, namedSchemas } from './registry';

/** A JSON object, as the OpenAPI document and its parts are built. */
export type JsonObject = Record<string, unknown>;

const ERROR_STATUSES: Record<Operation['auth'], number[]> = {
  bearer: [400, 401, 404, 409, 429, 500],
  'service-key': [400, 401, 404, 500],
  admin: [400, 401, 500],
  none: [],
};

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
  let text = JSON.stringify(json)
    .replaceAll('"#/$defs/', '"#/components/schemas/')
    .replace(MAX_SAFE_BOUND, '');
  // Answers may gain fields in later versions; only request bodies are closed.
  if (io === 'output') text = text.replaceAll(',"additionalProperties":false', '');
  return JSON.parse(text) as JsonObject;
}

function parametersOf(operation: Operation): JsonObject[] {
  const path = [...operation.path.matchAll(/:([A-Za-z]+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => {
    const json = toSchema(schema as z.ZodType, 'input');
    // Optional and defaulted parameters accept their absence; a required one (an export's format) does not.
    const required = !(schema as z.ZodType).safeParse(undefined).success;
    return { name, in: 'query', required, schema: json };
  });
  const headers =
    operation.idempotent === true
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Same key and body within 24 hours replays the first answer; another body is a 409.',
            schema: { type: 'string', maxLength: 255 },
          },
        ]
      : [];
  return [...path, ...query, ...headers];
}

/**
 * A success answer that is a file (exports): one entry per media type (text is UTF-8), the JSON
 * one with its schema when the operation has one, the others as strings, and the file name header.
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
            : { type: 'string', contentMediaType: type },
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
  for (const status of operation.errorStatuses ?? ERROR_STATUSES[operation.auth]) {
    responses[status] = {
      description: 'Error',
      content: { 'application/json': { schema: toSchema(errorBodyOf(operation), 'output') } },
    };
  }
  const security =
    operation.auth === 'bearer'
      ? [{ bearer: [] }]
      : operation.auth === 'service-key'
        ? [{ serviceKey: [] }]
        : operation.auth === 'admin'
          ? [{}, { adminToken: [] }]
          : [];
  return {
    operationId: operation.id,
    summary: operation.summary,
    tags: [operation.tag],
    security,
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
    schemas[id] = toSchema(schema, id.endsWith('Params') ? 'input' : 'output', { inlineRoot: true });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rankquill API',
      version: '1.0.0',
      description:
        'Content, keyword and AI-visibility service: main API, public article API and admin routes of the reference server. A server on the manual clock (a test double) adds `x-rankquill-clock: manual` to every answer: its time moves only through `POST /__admin/clock/advance`, so a client must not wait for time to pass there.',
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'Reference server (rankquill-mock serve)' }],
    paths,
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
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Only when the server runs with --admin-token.',
        },
      },
    },
  };
}
