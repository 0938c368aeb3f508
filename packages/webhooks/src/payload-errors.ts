import type { z } from 'zod';

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** One sentence per field of the wrong shape: `Invalid field keywords[1]: must be a string.` */
export function describeInvalidFields(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `Invalid field ${pathText(issue.path)}: ${issue.message}.`).join(' ');
}

/**
 * The error of a 400 answer for an event body that failed its schema: every missing required
 * field by name, then every field of the wrong shape, then what the event needs.
 */
export function describePayloadProblems(
  event: string,
  body: Record<string, unknown>,
  issues: readonly z.core.$ZodIssue[],
  required: readonly string[],
): string {
  const missing: string[] = [];
  const invalid: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    const [field] = issue.path;
    const absent = typeof field === 'string' && (body[field] === undefined || body[field] === null);
    if (issue.path.length === 1 && issue.code === 'invalid_type' && absent) {
      if (!missing.includes(field)) missing.push(field);
    } else {
      invalid.push(issue);
    }
  }
  const sentences: string[] = [];
  if (missing.length > 0) {
    sentences.push(`Missing required field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  }
  if (invalid.length > 0) sentences.push(describeInvalidFields(invalid));
  sentences.push(`A ${event} body needs ${required.join(', ')}.`);
  return sentences.join(' ');
}
