import type { WebhookEventName } from '@rankquill/contract';
import { EVENT_FIELDS, type EventField } from './generated/event-fields';

/** One field of the wrong shape: where (`keywords[1]`) and what it must be. */
export interface FieldProblem {
  path: string;
  message: string;
}

const KIND_WORDS: Record<EventField['kind'], string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  'string[]': 'an array of strings',
  array: 'an array',
  object: 'an object',
  any: 'a value',
};

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'an ISO 8601 UTC timestamp such as 2026-01-01T09:30:00.000Z',
};

/** The fields of an event's body, from the contract (generated from its OpenAPI document). */
export function eventFields(event: WebhookEventName): readonly EventField[] {
  return EVENT_FIELDS[event];
}

/** True when `name` is an event this version of the contract knows. */
export function isKnownEvent(name: string): name is WebhookEventName {
  return Object.hasOwn(EVENT_FIELDS, name);
}

/** The names of every known event, in the spec's order. */
export const KNOWN_EVENTS = Object.keys(EVENT_FIELDS) as WebhookEventName[];

/** What is wrong with the value (not null) given for `field`: nothing when it has the field's kind. */
export function fieldProblems(field: EventField, value: unknown): FieldProblem[] {
  const problem = (message: string) => [{ path: field.name, message }];
  switch (field.kind) {
    case 'string':
      if (typeof value !== 'string') return problem('must be a string');
      if (field.constant !== undefined && value !== field.constant)
        return problem(`must be "${field.constant}"`);
      if (field.pattern && !field.pattern.test(value)) {
        return problem(`must be ${FORMAT_WORDS[field.format ?? ''] ?? `a string matching ${field.pattern}`}`);
      }
      return [];
    case 'integer':
      return Number.isInteger(value) ? [] : problem('must be an integer');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : problem('must be a number');
    case 'boolean':
      return typeof value === 'boolean' ? [] : problem('must be true or false');
    case 'string[]':
      if (!Array.isArray(value)) return problem('must be an array of strings');
      return value.flatMap((item, index) =>
        typeof item === 'string' ? [] : [{ path: `${field.name}[${index}]`, message: 'must be a string' }],
      );
    case 'array':
      return Array.isArray(value) ? [] : problem('must be an array');
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? []
        : problem('must be an object');
    default:
      return [];
  }
}

/** One sentence per field of the wrong shape: `Invalid field keywords[1]: must be a string.` */
export function describeInvalidFields(problems: readonly FieldProblem[]): string {
  return problems.map((problem) => `Invalid field ${problem.path}: ${problem.message}.`).join(' ');
}

/** `Missing required fields: a, b.` */
export function describeMissingFields(names: readonly string[]): string {
  return `Missing required field${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`;
}

/**
 * The error of a 400 answer for an event body that does not fit the contract: every missing
 * required field by name (null counts as missing unless the field may be null), then every field
 * of the wrong shape, then what the event needs. `undefined` when the body fits.
 */
export function describePayloadProblems(
  event: WebhookEventName,
  body: Record<string, unknown>,
): string | undefined {
  const fields = eventFields(event);
  const missing: string[] = [];
  const invalid: FieldProblem[] = [];
  for (const field of fields) {
    const value = body[field.name];
    if (value === undefined || (value === null && !field.nullable)) {
      if (field.required) missing.push(field.name);
      else if (value === null)
        invalid.push({ path: field.name, message: `must be ${KIND_WORDS[field.kind]}` });
      continue;
    }
    if (value !== null) invalid.push(...fieldProblems(field, value));
  }
  if (missing.length === 0 && invalid.length === 0) return undefined;
  const sentences: string[] = [];
  if (missing.length > 0) sentences.push(describeMissingFields(missing));
  if (invalid.length > 0) sentences.push(describeInvalidFields(invalid));
  const required = fields.filter((field) => field.required).map((field) => field.name);
  sentences.push(`A ${event} body needs ${required.join(', ')}.`);
  return sentences.join(' ');
}

/** The fields of `body` the event's contract names, without any other: what handlers receive. */
export function knownFields(event: WebhookEventName, body: Record<string, unknown>): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  for (const field of eventFields(event))
    if (body[field.name] !== undefined) known[field.name] = body[field.name];
  return known;
}
