import { z } from 'zod';

/**
 * Metadata registry for every named schema of the contract. Named schemas become
 * `components/schemas/<id>` in the OpenAPI document.
 */
export const contractRegistry = z.registry<{ id: string; description?: string }>();

/** Every named schema, by id, in the order they were declared. */
export const namedSchemas = new Map<string, z.ZodType>();

/**
 * Registers `schema` under `id` and returns it unchanged. Ids ending in `Params` describe
 * request bodies and are documented in their input form (before defaults apply).
 * @example
 * ```ts
 * const Project = named('Project', 'A site whose content the service writes.', z.object({ id: z.string() }));
 * ```
 */
export function named<T extends z.ZodType>(id: string, description: string, schema: T): T {
  contractRegistry.add(schema, { id, description });
  namedSchemas.set(id, schema);
  return schema;
}

/**
 * A string field whose known values are listed, while any other string still parses, so a
 * value added by a newer server never breaks an older client. The TypeScript type keeps
 * the known values for autocompletion: `'draft' | 'published' | (string & {})`.
 * The OpenAPI document lists the values as a closed `enum` (what this version sends, so
 * generators type them) and again as `x-extensible-enum`, which tells our model emitters and
 * readers that a later version may add values.
 * @example
 * ```ts
 * const ContentStatus = openEnum(['generating', 'draft', 'published', 'failed']); // also takes a newer value
 * ```
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().meta({ enum: [...values], 'x-extensible-enum': [...values] }) as unknown as z.ZodType<
    T[number] | (string & {}),
    string
  >;
}
