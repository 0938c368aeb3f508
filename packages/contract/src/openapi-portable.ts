/**
 * The forms the OpenAPI document writes so that common generators (openapi-typescript,
 * openapi-python-client, oapi-codegen, ogen, openapi-generator) take it as it is:
 * - a boolean that is always the same value (`deleted: true`) is a plain `boolean` whose
 *   description says so, with the value in `x-rankquill-const`: a boolean `const` makes
 *   openapi-generator's Java client declare a `String` and fail to compile;
 * - an extensible enum (`openEnum`) is a plain `string` whose description lists the known values,
 *   also given in `x-extensible-enum`: a closed `enum` makes ogen's and Java's clients refuse a
 *   value a newer server adds, and ogen refuses the `anyOf` of an enum and a string.
 * `packages/contract/test/openapi-portable.test.ts` checks the whole document for these and the
 * other constructs generators refuse; `scripts/models/openapi-model.mjs` reads the extensions back.
 */

type Json = Record<string, unknown>;

/**
 * The sentence the description of an extensible enum ends with.
 *
 * @example
 * ```ts
 * openEnumSentence(['draft', 'published']); // 'One of `draft`, `published`; a newer server may send others.'
 * ```
 */
export function openEnumSentence(values: readonly string[]): string {
  return `One of ${values.map((value) => `\`${value}\``).join(', ')}; a newer server may send others.`;
}

/**
 * The sentence the description of an always-the-same boolean ends with.
 *
 * @example
 * ```ts
 * constantSentence(true); // 'Always `true`.'
 * ```
 */
export function constantSentence(value: boolean): string {
  return `Always \`${value}\`.`;
}

function withSentence(schema: Json, sentence: string): void {
  schema.description =
    typeof schema.description === 'string' ? `${schema.description} ${sentence}` : sentence;
}

/**
 * Rewrites, in place, every boolean `const` and every extensible enum of a JSON Schema into the
 * forms above, and returns it.
 *
 * @example
 * ```ts
 * portableSchema({ type: 'boolean', const: true });
 * // { type: 'boolean', description: 'Always `true`.', 'x-rankquill-const': true }
 * ```
 */
export function portableSchema<T>(schema: T): T {
  if (Array.isArray(schema)) {
    for (const item of schema) portableSchema(item);
    return schema;
  }
  if (schema === null || typeof schema !== 'object') return schema;
  const object = schema as Json;
  if (typeof object.const === 'boolean') {
    const value = object.const;
    delete object.const;
    object.type = 'boolean';
    withSentence(object, constantSentence(value));
    object['x-rankquill-const'] = value;
  }
  const values = object['x-extensible-enum'];
  if (Array.isArray(values)) {
    delete object.enum;
    withSentence(object, openEnumSentence(values as string[]));
  }
  for (const [key, value] of Object.entries(object)) {
    if (key !== 'x-extensible-enum' && key !== 'enum') portableSchema(value);
  }
  return schema;
}
