import { CLIENT_POLICY } from '../generated/operations';
import type { APIErrorDetails } from './api-error';

/**
 * What an error answer says, read the same way by every client (see `errors.json` in the
 * contract's vectors): `message` is `error.message`, else `error` itself when it is a string
 * (the public article API's shape), else the status and the start of the body text, else a
 * sentence saying there was none. `type`, `param` and `requestId` are the strings of `error`;
 * `requestId` falls back to the `X-Request-Id` header. `body` is the parsed JSON, or the text
 * when it is not JSON.
 *
 * @example
 * ```ts
 * errorDetails(404, '{"error":{"message":"No such project"}}', new Headers()).message; // 'No such project'
 * ```
 */
export function errorDetails(
  status: number,
  text: string,
  headers: Headers,
): APIErrorDetails & { message: string } {
  const body = parsed(text);
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  return {
    type: stringOrUndefined(fields.type),
    message:
      stringOrUndefined(fields.message) ??
      (error !== '' ? stringOrUndefined(error) : undefined) ??
      fallbackMessage(status, text),
    param: stringOrUndefined(fields.param),
    requestId: stringOrUndefined(fields.request_id) ?? headers.get('x-request-id') ?? undefined,
    body,
  };
}

function fallbackMessage(status: number, text: string): string {
  if (text.trim() === '') return `The API answered with status ${status} and no error message.`;
  return `${status}: ${firstCodePoints(text, CLIENT_POLICY.errorExcerptChars)}`;
}

/** The first `count` code points of `text` (not UTF-16 units, so no character is cut in half). */
function firstCodePoints(text: string, count: number): string {
  let end = 0;
  let taken = 0;
  for (const char of text) {
    if (taken++ === count) break;
    end += char.length;
  }
  return text.slice(0, end);
}

function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
