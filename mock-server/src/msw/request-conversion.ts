import type { ApiRequest, ApiResponse } from '../api/api-types';
import { readQuery } from '../api/query';

/**
 * Turns a Fetch API request into the transport-neutral `ApiRequest` of the API layer.
 * `mountPath` is the path prefix the handlers answer under (`''` at the origin's root).
 */
export async function toApiRequest(request: Request, mountPath: string): Promise<ApiRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = Object.create(null);
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  // Nothing travels over a network here, so no Host can be rebound: the admin routes' loopback
  // rule has nothing to check (a Fetch API request sets no Host of its own anyway).
  delete headers.host;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return {
    method: request.method,
    path: url.pathname.slice(mountPath.length) || '/',
    query: readQuery(url.search.slice(1)),
    headers,
    body: hasBody ? await request.text() : '',
    baseUrl: `${url.origin}${mountPath}`,
  };
}

/** Turns the API layer's answer into a Fetch API response; a streamed answer becomes a `ReadableStream`. */
export function toFetchResponse(answer: ApiResponse, method = 'GET'): Response {
  // A disconnect fault: MSW turns a network error response into a failed fetch.
  if (answer.disconnect) return Response.error();
  // A 204 and an answer to HEAD carry no body (the Fetch API refuses one on a 204).
  if (answer.status === 204 || method.toUpperCase() === 'HEAD') {
    void answer.stream?.[Symbol.asyncIterator]().return?.();
    return new Response(null, { status: answer.status, headers: answer.headers });
  }
  const body = answer.stream ? readableStreamOf(answer.stream) : answer.body;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * A byte stream that asks the producer for the next chunk only when the reader wants one, and
 * stops the producer when the reader cancels. (`ReadableStream.from` is missing in some browsers.)
 */
function readableStreamOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
