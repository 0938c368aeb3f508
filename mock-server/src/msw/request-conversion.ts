import type { ApiRequest, ApiResponse } from '../api/api-types';

/**
 * Turns a Fetch API request into the transport-neutral `ApiRequest` of the API layer.
 * `mountPath` is the path prefix the handlers answer under (`''` at the origin's root).
 */
export async function toApiRequest(request: Request, mountPath: string): Promise<ApiRequest> {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (!(name in query)) query[name] = value;
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return {
    method: request.method,
    path: url.pathname.slice(mountPath.length) || '/',
    query,
    headers,
    body: hasBody ? await request.text() : '',
  };
}

/** Turns the API layer's answer into a Fetch API response. */
export function toFetchResponse(answer: ApiResponse): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
