import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/index';

// The constructs that common generators refuse or mistype, none of which the document may hold
// (docs/decisions.md, "The OpenAPI document for other tools"). Each rule names the generator that
// failed on it; tooling/generators runs those generators on the served document.
type Json = Record<string, unknown>;
const document = buildOpenApiDocument() as Json & {
  paths: Record<string, Record<string, Json>>;
  webhooks: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, unknown> };
};

/** Keywords whose value is one schema, or a list or map of schemas (JSON Schema 2020-12). */
const ONE = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Every schema in the document with where it is: components, and those of parameters, bodies, answers, headers. */
function allSchemas(): Array<{ at: string; schema: unknown; keyword: string }> {
  const found: Array<{ at: string; schema: unknown; keyword: string }> = [];
  const visit = (schema: unknown, at: string, keyword: string) => {
    found.push({ at, schema, keyword });
    if (schema === null || typeof schema !== 'object') return;
    const object = schema as Json;
    for (const key of ONE) if (key in object) visit(object[key], `${at}/${key}`, key);
    for (const key of LIST) {
      for (const [i, item] of ((object[key] as unknown[]) ?? []).entries())
        visit(item, `${at}/${key}/${i}`, key);
    }
    for (const key of MAP) {
      for (const [name, item] of Object.entries((object[key] as Json) ?? {}))
        visit(item, `${at}/${key}/${name}`, key);
    }
  };
  for (const [name, schema] of Object.entries(document.components.schemas)) visit(schema, name, 'component');
  // Outside components, a schema is the `schema` of a parameter, a media type or a header.
  const walk = (node: unknown, at: string) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === 'schema') visit(value, `${at}/schema`, 'schema');
      else walk(value, `${at}/${key}`);
    }
  };
  walk(document.paths, 'paths');
  walk(document.webhooks, 'webhooks');
  return found;
}

const schemas = allSchemas();
const objects = schemas.filter(
  (entry) => entry.schema !== null && typeof entry.schema === 'object',
) as Array<{
  at: string;
  schema: Json;
}>;

/** The type name oapi-codegen and ogen give an operation (`content.create` is `ContentCreate`). */
function typeNameOf(operationId: string): string {
  return operationId
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * What generators append to an operation's type name for its own types: oapi-codegen
 * (`Params`, `JSONBody`, `JSONRequestBody`, `Response`, `Response200Headers`), ogen (`Params`,
 * `Req`, `Res`, `OK`, `Created`, `Accepted`, `NoContent`, `Application…`, `Text…`), openapi-generator
 * (`Request`, `200Response`).
 */
const GENERATED_SUFFIX =
  /^(JSON)?(Params|Parameters|Req|Request|RequestBody|Body|Res|Response|OK|Created|Accepted|NoContent|Default|Application|Text|\d{3})(?![a-z])/;

describe('the OpenAPI document holds only constructs common generators take', () => {
  it('finds schemas to check everywhere', () => {
    expect(objects.length).toBeGreaterThan(500);
    expect(objects.some((entry) => entry.at.startsWith('webhooks/'))).toBe(true);
  });

  it('has no boolean schema but `additionalProperties: false` (oapi-codegen cannot read `false` elsewhere)', () => {
    const booleans = schemas
      .filter((entry) => typeof entry.schema === 'boolean')
      .filter(
        (entry) => !(entry.keyword === 'additionalProperties' || entry.keyword === 'unevaluatedProperties'),
      )
      .map((entry) => entry.at);
    expect(booleans).toEqual([]);
  });

  it('has no boolean `const` (openapi-generator types it `String`): a plain boolean whose description says the value', () => {
    const constants = objects
      .filter((entry) => typeof entry.schema.const === 'boolean')
      .map((entry) => entry.at);
    expect(constants).toEqual([]);
    const deleted = (document.components.schemas.Deleted as { properties: Record<string, Json> }).properties
      .deleted;
    expect(deleted).toEqual({ type: 'boolean', description: 'Always `true`.', 'x-rankquill-const': true });
  });

  it('keeps every extensible enum open: no `enum` beside `x-extensible-enum`, the values in the description', () => {
    const open = objects.filter((entry) => Array.isArray(entry.schema['x-extensible-enum']));
    expect(open.length).toBeGreaterThan(10);
    expect(open.filter((entry) => 'enum' in entry.schema).map((entry) => entry.at)).toEqual([]);
    for (const { at, schema } of open) {
      expect(schema.type, at).toBe('string');
      for (const value of schema['x-extensible-enum'] as string[]) {
        expect(schema.description, at).toContain(`\`${value}\``);
      }
    }
  });

  it('has no anyOf of two or more non-null schemas ("complex anyOf" to ogen): a oneOf, or one type', () => {
    const complex = objects
      .filter((entry) => Array.isArray(entry.schema.anyOf))
      .filter(
        (entry) => (entry.schema.anyOf as Json[]).filter((variant) => variant.type !== 'null').length > 1,
      )
      .map((entry) => entry.at);
    expect(complex).toEqual([]);
  });

  it('has no oneOf of two schemas of one scalar type, which nothing but their values tells apart', () => {
    const scalarTwins = objects
      .filter((entry) => Array.isArray(entry.schema.oneOf))
      .filter((entry) => {
        const types = (entry.schema.oneOf as Json[]).map((variant) => variant.type).filter((type) => type);
        return types.some((type, i) => type !== 'object' && type !== 'null' && types.indexOf(type) !== i);
      })
      .map((entry) => entry.at);
    expect(scalarTwins).toEqual([]);
  });

  it("names no schema as generators name an operation's own types (ContentCreateParams, ContentCreateResponse)", () => {
    const operationIds = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap(
      (item) => Object.values(item).map((operation) => operation.operationId as string),
    );
    expect(operationIds).toContain('content.create');
    const collisions = operationIds.flatMap((id) => {
      const name = typeNameOf(id);
      return Object.keys(document.components.schemas)
        .filter((schema) => schema.startsWith(name) && GENERATED_SUFFIX.test(schema.slice(name.length)))
        .map((schema) => `${schema} (operation ${id})`);
    });
    expect(collisions).toEqual([]);
  });

  it('keeps the names of our own models where it renamed a schema', () => {
    const renamed = Object.entries(document.components.schemas as Record<string, Json>)
      .filter(([, schema]) => 'x-rankquill-model-name' in schema)
      .map(([id, schema]) => [id, schema['x-rankquill-model-name']]);
    expect(Object.fromEntries(renamed)).toEqual({
      ContentItemCreateParams: 'ContentCreateParams',
      ContentItemCreateResponse: 'ContentCreateResponse',
      ContentItemUpdateParams: 'ContentUpdateParams',
    });
  });
});
