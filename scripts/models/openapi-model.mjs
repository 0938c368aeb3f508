// Reads packages/contract/openapi.json into one language-neutral model. Every language's emitter
// (scripts/models/emitters/<language>.mjs) renders this model, never the raw document, so the
// Python, PHP and Ruby shapes follow the same reading of the contract.
import { readFileSync } from 'node:fs';

/**
 * @typedef {{ kind: 'string', format?: string, pattern?: string, values?: string[], open?: boolean,
 *     constant?: string }
 *   | { kind: 'integer' | 'number' | 'boolean', constant?: number | boolean }
 *   | { kind: 'array', items: TypeModel }
 *   | { kind: 'map', values: TypeModel }
 *   | { kind: 'ref', name: string }
 *   | { kind: 'page', items: TypeModel }
 *   | { kind: 'union', variants: TypeModel[] }
 *   | { kind: 'unknown' }} TypeModel
 *
 * A string type has `values` when the contract lists them: `open: true` (`x-extensible-enum`)
 * means a newer server may send others, so response models must accept any string; a closed
 * list (`enum`) is what a request may send. `constant` is a single fixed value (`const`).
 *
 * @typedef {{ name: string, type: TypeModel, required: boolean, nullable: boolean,
 *   description?: string, default?: unknown }} FieldModel
 *
 * @typedef {{ name: string, description?: string, role: 'request' | 'response',
 *   fields: FieldModel[], hoistedFrom?: { schema: string, field: string } }} SchemaModel
 * `role` is `request` for bodies a client sends (`*Params`), `response` for everything the
 * server or a webhook sends. Inline objects are hoisted into schemas of their own, named after
 * their parent and field (`AiVisibilityScore.period` becomes `AiVisibilityScorePeriod`).
 *
 * @typedef {{ id: string, resource: string[], method: string, httpMethod: string, path: string,
 *   auth: 'bearer' | 'service-key' | 'admin' | 'none', summary?: string,
 *   pathParams: FieldModel[], query: FieldModel[], body?: string,
 *   success: { status: number, kind: 'json' | 'file', type?: TypeModel, mediaTypes: string[] },
 *   idempotent: boolean, formatOf?: { operation: string, format: string } }} OperationModel
 * `id` is the contract's operationId (`aiVisibility.topics.create`): `resource` is every part
 * but the last (`['aiVisibility', 'topics']`), `method` the last (`create`). A `file` answer is
 * streamed bytes (an export, a download); its `type` is the JSON body when one media type is JSON.
 *
 * `idempotent` operations take an `Idempotency-Key`; `formatOf` marks an export in one format at a
 * path of its own (`export.csv`).
 *
 * @typedef {{ title: string, version: string, schemas: SchemaModel[], operations: OperationModel[],
 *   clientPolicy: Record<string, unknown>, webhooks: string[] }} ApiModel
 * `clientPolicy` is the document's `x-rankquill-client-policy`: timeouts, retries, polling.
 * `webhooks` names the document's webhook events, in its (the spec's) order.
 */

/**
 * Builds the model of an OpenAPI 3.1 document (the subset our contract generates).
 *
 * @example
 * const model = loadApiModel('packages/contract/openapi.json');
 * model.schemas.find((schema) => schema.name === 'Project').fields.map((field) => field.name);
 * // ['id', 'name', 'domain', ...]
 * @returns {ApiModel}
 */
export function loadApiModel(file) {
  return buildApiModel(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Component ids whose models keep another name (`x-rankquill-model-name`): the contract renamed
 * them so that other generators do not meet their own type names, and our models keep theirs.
 */
let modelNames = new Map();

/** @returns {ApiModel} */
export function buildApiModel(document) {
  const schemas = new Map();
  const requestSchemas = new Set();
  modelNames = new Map(
    Object.entries(document.components?.schemas ?? {})
      .filter(([, schema]) => typeof schema['x-rankquill-model-name'] === 'string')
      .map(([id, schema]) => [id, schema['x-rankquill-model-name']]),
  );
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      const ref = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      if (ref) requestSchemas.add(refName(ref));
    }
  }
  for (const [id, schema] of Object.entries(document.components?.schemas ?? {})) {
    const name = modelNames.get(id) ?? id;
    addSchema(schemas, name, schema, requestSchemas.has(name) ? 'request' : 'response');
  }
  const operations = [];
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const [httpMethod, operation] of Object.entries(pathItem)) {
      operations.push(operationModel(path, httpMethod.toUpperCase(), operation, schemas));
    }
  }
  return {
    title: document.info?.title ?? '',
    version: document.info?.version ?? '',
    schemas: [...schemas.values()].sort((a, b) => a.name.localeCompare(b.name)),
    operations,
    clientPolicy: document['x-rankquill-client-policy'] ?? {},
    webhooks: Object.keys(document.webhooks ?? {}),
  };
}

function addSchema(schemas, name, schema, role, hoistedFrom) {
  if (schemas.has(name)) throw new Error(`two schemas are named ${name}`);
  const model = { name, role, fields: [] };
  if (schema.description) model.description = schema.description;
  if (hoistedFrom) model.hoistedFrom = hoistedFrom;
  schemas.set(name, model);
  const required = new Set(schema.required ?? []);
  for (const [fieldName, property] of Object.entries(schema.properties ?? {})) {
    const { type, nullable } = typeOf(property, {
      schemas,
      role,
      hoistName: hoistedName(name, fieldName),
      hoistedFrom: { schema: name, field: fieldName },
    });
    const field = { name: fieldName, type, required: required.has(fieldName), nullable };
    const description = ownDescription(property);
    if (description) field.description = description;
    if (property.default !== undefined) field.default = property.default;
    model.fields.push(field);
  }
}

/**
 * The description of a property without the sentence the contract adds for other generators
 * (`packages/contract/src/openapi-portable.ts`): the known values of an extensible enum, the value
 * of an always-the-same boolean. Each language's emitter words those facts itself.
 */
function ownDescription(property) {
  const description = property.description;
  if (typeof description !== 'string') return description;
  const values = property['x-extensible-enum'];
  const added = Array.isArray(values)
    ? `One of ${values.map((value) => `\`${value}\``).join(', ')}; a newer server may send others.`
    : typeof property['x-rankquill-const'] === 'boolean'
      ? `Always \`${property['x-rankquill-const']}\`.`
      : undefined;
  if (added === undefined || !description.endsWith(added)) return description;
  return description.slice(0, -added.length).trimEnd() || undefined;
}

function hoistedName(parent, field) {
  const pascal = field.replace(/(^|_)([a-z])/g, (_, __, letter) => letter.toUpperCase());
  return pascal.toLowerCase() === parent.toLowerCase() ? `${parent}Detail` : `${parent}${pascal}`;
}

/** @returns {{ type: TypeModel, nullable: boolean }} */
function typeOf(schema, context) {
  if (schema.$ref) return { type: { kind: 'ref', name: refName(schema.$ref) }, nullable: false };
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const nonNull = variants.filter((variant) => variant.type !== 'null');
    const nullable = nonNull.length < variants.length;
    if (nonNull.length === 1) return { type: typeOf(nonNull[0], context).type, nullable };
    return { type: { kind: 'union', variants: nonNull.map((v) => typeOf(v, context).type) }, nullable };
  }
  let kind = schema.type;
  let nullable = false;
  if (Array.isArray(kind)) {
    nullable = kind.includes('null');
    const rest = kind.filter((name) => name !== 'null');
    if (rest.length !== 1) return { type: { kind: 'unknown' }, nullable };
    kind = rest[0];
  }
  switch (kind) {
    case 'string': {
      const type = { kind: 'string' };
      if (schema.format) type.format = schema.format;
      if (schema.pattern) type.pattern = schema.pattern;
      if (schema.const !== undefined) type.constant = schema.const;
      if (schema['x-extensible-enum']) {
        type.values = schema['x-extensible-enum'];
        type.open = true;
      } else if (schema.enum) {
        type.values = schema.enum;
        type.open = false;
      }
      return { type, nullable };
    }
    case 'integer':
    case 'number':
    case 'boolean': {
      const type = { kind };
      if (schema.const !== undefined) type.constant = schema.const;
      // The document writes an always-the-same boolean as a plain boolean (openapi-portable.ts).
      if (typeof schema['x-rankquill-const'] === 'boolean') type.constant = schema['x-rankquill-const'];
      return { type, nullable };
    }
    case 'array':
      return { type: { kind: 'array', items: typeOf(schema.items ?? {}, context).type }, nullable };
    case 'object': {
      if (schema.properties && context.hoistName) {
        addSchema(context.schemas, context.hoistName, schema, context.role, context.hoistedFrom);
        return { type: { kind: 'ref', name: context.hoistName }, nullable };
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return {
          type: { kind: 'map', values: typeOf(schema.additionalProperties, context).type },
          nullable,
        };
      }
      return { type: { kind: 'unknown' }, nullable };
    }
    default:
      return { type: { kind: 'unknown' }, nullable };
  }
}

function operationModel(path, httpMethod, operation, schemas) {
  const parts = operation.operationId.split('.');
  const parameters = operation.parameters ?? [];
  const field = (parameter) => {
    const model = {
      name: parameter.name,
      type: typeOf(parameter.schema ?? {}, { schemas }).type,
      required: parameter.required === true,
      nullable: false,
    };
    const description = parameter.description ?? parameter.schema?.description;
    if (description) model.description = description;
    if (parameter.schema?.default !== undefined) model.default = parameter.schema.default;
    return model;
  };
  const model = {
    id: operation.operationId,
    resource: parts.slice(0, -1),
    method: parts[parts.length - 1],
    httpMethod,
    path,
    auth: authOf(path, operation),
    pathParams: parameters.filter((p) => p.in === 'path').map(field),
    query: parameters.filter((p) => p.in === 'query').map(field),
    success: successOf(operation, schemas),
    idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
  };
  if (operation['x-rankquill-format-of']) model.formatOf = operation['x-rankquill-format-of'];
  if (operation.summary) model.summary = operation.summary;
  const body = operation.requestBody?.content?.['application/json']?.schema?.$ref;
  if (body) model.body = refName(body);
  return model;
}

function authOf(path, operation) {
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  if (scheme === 'bearer') return 'bearer';
  if (scheme === 'serviceKey') return 'service-key';
  // Admin routes list no security requirement (none on the mock's loopback); their path says it.
  if (path.startsWith('/__admin')) return 'admin';
  return 'none';
}

function successOf(operation, schemas) {
  const [status, response] = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2'));
  const content = response?.content ?? {};
  const mediaTypes = Object.keys(content);
  const json = content['application/json']?.schema;
  const isFile = mediaTypes.some((type) => type !== 'application/json') || json?.type === 'string';
  const success = { status: Number(status), kind: isFile ? 'file' : 'json', mediaTypes };
  if (json && json.type !== 'string') success.type = responseType(json, schemas, operation.operationId);
  return success;
}

function responseType(schema, schemas, operationId) {
  const properties = schema.properties ?? {};
  if (properties.data?.type === 'array' && properties.pagination) {
    return { kind: 'page', items: typeOf(properties.data.items, { schemas }).type };
  }
  // An inline answer object (such as `{"status": "ok"}`) becomes a schema named after its operation.
  const name = `${operationId.replace(/(^|\.)([a-z])/g, (_, __, letter) => letter.toUpperCase())}Response`;
  return typeOf(schema, {
    schemas,
    role: 'response',
    hoistName: name,
    hoistedFrom: { schema: operationId, field: '' },
  }).type;
}

/** The model name of the component a `$ref` points at. */
function refName(ref) {
  const id = ref.slice(ref.lastIndexOf('/') + 1);
  return modelNames.get(id) ?? id;
}
