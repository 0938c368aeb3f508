import type { ApiResponse, RawResult } from './api-types';

/** Headers of every JSON answer. */
export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** The JSON text and UTF-8 bytes of answers the engine caches, kept as long as the answer object lives. */
const cachedAnswerText = new WeakMap<object, { body: string; bytes: Uint8Array }>();
const utf8 = new TextEncoder();

/** UTF-8 bytes: a Node `Buffer` where there is one (a socket writes it as it is), else a `Uint8Array`. */
const encodeUtf8: (text: string) => Uint8Array =
  typeof Buffer === 'function' ? (text) => Buffer.from(text) : (text) => utf8.encode(text);

/**
 * Serializes a cached public-article answer once instead of on every hit (a tenth of the time of
 * a request otherwise), and encodes it once, for adapters that write bytes. The engine
 * replaces, never mutates, a cached answer after a write.
 */
export function serializedOnce(answer: object): { body: string; bytes: Uint8Array } {
  let serialized = cachedAnswerText.get(answer);
  if (serialized === undefined) {
    const body = JSON.stringify(answer);
    serialized = { body, bytes: encodeUtf8(body) };
    cachedAnswerText.set(answer, serialized);
  }
  return serialized;
}

export function json(status: number, body: unknown): ApiResponse {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

/**
 * A file answer: its chunks are produced while the adapter writes them. The first chunk is made
 * before the answer is returned, so an export that fails before its first byte is still a JSON
 * error with a status; a failure after that cuts the connection.
 */
export async function raw(status: number, result: RawResult): Promise<ApiResponse> {
  const chunks = result.body[Symbol.asyncIterator]();
  const first = await chunks.next();
  return { status, headers: fileHeaders(result), body: '', stream: resumed(first, chunks) };
}

/** The headers of a file answer without making the file. */
export async function rawHead(status: number, result: RawResult): Promise<ApiResponse> {
  await result.body[Symbol.asyncIterator]().return?.();
  return { status, headers: fileHeaders(result), body: '', stream: (async function* () {})() };
}

/** The file name is reduced to safe characters, so it needs no escaping in the header. */
function fileHeaders(result: RawResult): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': result.contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (result.filename !== undefined) {
    const filename = result.filename.replace(/[^A-Za-z0-9._-]+/g, '-');
    headers['content-disposition'] = `attachment; filename="${filename}"`;
  }
  return headers;
}

/** The chunks of a stream whose first one was already taken; stops the producer when the reader does. */
async function* resumed(
  first: IteratorResult<Uint8Array>,
  chunks: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    for (let next = first; !next.done; next = await chunks.next()) yield next.value;
  } finally {
    await chunks.return?.();
  }
}

/** Passes a stream through, telling `report` when it fails midway (the status line is gone by then). */
export async function* reportingFailure(
  stream: AsyncIterable<Uint8Array>,
  report: (error: unknown) => void,
): AsyncGenerator<Uint8Array> {
  try {
    yield* stream;
  } catch (error) {
    report(error);
    throw error;
  }
}
