import type { Operation } from '@rankquill/contract';
import { NotFoundError, ServiceError } from '../engine/index';
import type { ApiRequest } from './api-types';

/** A path no operation has: the answer links the OpenAPI document. */
export class UnknownRouteError extends NotFoundError {}

/** A known path asked with a method it does not take: the answer lists those it does in `Allow`. */
export class MethodNotAllowedError extends ServiceError {
  constructor(
    readonly allow: string,
    message: string,
  ) {
    super('invalid_request_error', 405, message);
  }
}

/**
 * Checks how a request is framed before anything runs: a body must be JSON by its
 * `Content-Type` (415), and, on a server without an admin token, an admin route answers only a
 * request addressed to a loopback host from a loopback client address (403) and, for a POST, sent as JSON even when empty
 * (415). A web page can send neither: a cross-site form or `fetch` without a preflight cannot
 * set `Content-Type: application/json`, and a DNS-rebound page sends its own host.
 *
 * @example
 * ```ts
 * checkRequestFraming(request, operation, { adminToken: undefined });
 * ```
 */
export function checkRequestFraming(
  request: ApiRequest,
  operation: Pick<Operation, 'auth' | 'method'>,
  { adminToken }: { adminToken: string | undefined },
): void {
  const contentType = request.headers['content-type'];
  const openAdmin = operation.auth === 'admin' && adminToken === undefined;
  if (openAdmin) {
    const host = request.headers.host;
    if (host !== undefined && !addressedToLoopback(host)) {
      throw new ServiceError(
        'permission_error',
        403,
        `Admin routes answer only requests addressed to a loopback host (127.0.0.1, localhost or [::1]) while the server has no admin token; this one was addressed to "${host.slice(0, 100)}". Call it through a loopback address, or start the server with --admin-token.`,
      );
    }
    // The Host header is the caller's to write; the address is not (behind a trusted proxy it is
    // the client the proxy forwarded), so a loopback Host from elsewhere opens nothing either.
    if (request.clientAddress !== undefined && !sentFromLoopback(request.clientAddress)) {
      throw new ServiceError(
        'permission_error',
        403,
        'Admin routes answer only clients on this machine while the server has no admin token; this request came from another address. Call it from the machine the server runs on, or start the server with --admin-token.',
      );
    }
  }
  const needsJson = request.body !== '' || (openAdmin && operation.method === 'POST');
  if (needsJson && !isJson(contentType)) {
    throw new ServiceError(
      'invalid_request_error',
      415,
      contentType === undefined
        ? 'The request has no Content-Type: send the body as JSON with Content-Type: application/json.'
        : `The request body must be JSON: send Content-Type: application/json, not "${contentType.slice(0, 100)}".`,
      'Content-Type',
    );
  }
}

/** `application/json` or a `+json` type, parameters such as `charset` allowed. */
function isJson(contentType: string | undefined): boolean {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/** A client IP address in 127.0.0.0/8 or `::1`, also written as an IPv4-mapped IPv6 address. */
function sentFromLoopback(address: string): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127(?:\.\d{1,3}){3}$/.test(plain);
}

/** A `Host` header naming `localhost` (or a subdomain), 127.0.0.0/8 or `[::1]`, with or without a port. */
export function addressedToLoopback(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d*$/, '');
  if (name === '[::1]' || name === 'localhost' || name.endsWith('.localhost')) return true;
  return /^127(?:\.\d{1,3}){3}$/.test(name);
}
