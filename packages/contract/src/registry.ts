import { z } from 'zod';

/** Metadata of a named schema: its component id, its description, and the name our models keep. */
export interface NamedSchemaMeta {
  id: string;
  description?: string;
  /**
   * The class name the Python, PHP and Ruby models (`scripts/models`) give this schema, where it
   * differs from the component id: a component renamed so that generators of other tools do not
   * meet their own names keeps the name our clients already published.
   */
  'x-rankquill-model-name'?: string;
}

/**
 * Metadata registry for every named schema of the contract. Named schemas become
 * `components/schemas/<id>` in the OpenAPI document.
 */
export const contractRegistry = z.registry<NamedSchemaMeta>();

/** Every named schema, by id, in the order they were declared. */
export const namedSchemas = new Map<string, z.ZodType>();

/**
 * Registers `schema` under `id` and returns it unchanged. Ids ending in `Params` describe
 * request bodies and are documented in their input form (before defaults apply). `modelName`
 * keeps the name of our own models where the id was changed (see `NamedSchemaMeta`).
 * @example
 * ```ts
 * const Project = named('Project', 'A site whose content the service writes.', z.object({ id: z.string() }));
 * ```
 */
export function named<T extends z.ZodType>(
  id: string,
  description: string,
  schema: T,
  { modelName }: { modelName?: string } = {},
): T {
  contractRegistry.add(schema, {
    id,
    description,
    ...(modelName === undefined ? {} : { 'x-rankquill-model-name': modelName }),
  });
  namedSchemas.set(id, schema);
  return schema;
}

/**
 * A string field whose known values are listed, while any other string still parses, so a
 * value added by a newer server never breaks an older client. The TypeScript type keeps
 * the known values for autocompletion: `'draft' | 'published' | (string & {})`.
 * The OpenAPI document leaves `enum` out, so that a generated client accepts a new value too:
 * the values are in `x-extensible-enum` and in the description (`openapi-portable.ts`).
 * @example
 * ```ts
 * const ContentStatus = openEnum(['generating', 'draft', 'published', 'failed']); // also takes a newer value
 * ```
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().meta({ 'x-extensible-enum': [...values] }) as unknown as z.ZodType<
    T[number] | (string & {}),
    string
  >;
}
