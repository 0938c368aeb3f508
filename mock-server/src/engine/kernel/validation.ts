import type { z } from 'zod';
import { InvalidRequestError } from './errors';

/**
 * Parses untrusted input with a contract schema. The first problem becomes a 400 that names
 * the field (`param`) and says what to send instead.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new InvalidRequestError(`The request ${where} is invalid.`);
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    throw new InvalidRequestError(`The request ${where} must be a JSON object.`);
  }
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.map(String).join('.');
    const key = issue.keys[0] ?? '';
    const param = prefix ? `${prefix}.${key}` : key;
    const allowed = allowedKeys(schema, issue.path);
    throw new InvalidRequestError(
      `Unknown field \`${param}\`${allowed ? `; allowed fields are: ${allowed}` : ''}.`,
      param,
    );
  }
  const param = issue.path.map(String).join('.');
  const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
  const message = missing ? `\`${param}\` is required.` : `\`${param}\` ${issue.message}.`;
  throw new InvalidRequestError(message, param || undefined);
}

/** The fields of `params` that were sent (zod leaves absent optional fields undefined). */
export function definedFields<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function allowedKeys(schema: z.ZodType, path: PropertyKey[]): string | undefined {
  if (path.length > 0) return undefined;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape).join(', ') : undefined;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
