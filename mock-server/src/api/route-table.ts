import { type Operation, operations, queryParameters } from '@rankquill/contract';
import { InvalidRequestError } from '../engine/index';
import { adminApiHandlers } from './admin-api';
import type { OperationHandler } from './api-types';
import { exportApiHandlers } from './export-api';
import { mainApiHandlers } from './main-api';
import { MethodNotAllowedError, UnknownRouteError } from './request-rules';
import { testDoubleApiHandlers } from './test-double-api';

/** An operation of the contract as the router serves it. */
export interface Route {
  operation: Operation;
  pattern: RegExp;
  names: string[];
  handler: OperationHandler | undefined;
  /** The query parameters the operation reads; others are ignored. */
  query: ReadonlySet<string>;
  /** Query parameters written as integers: decimal digits only. */
  integers: ReadonlySet<string>;
}

/** The route of a request and its decoded path parameters, or (for `OPTIONS`) the methods its path takes. */
export type RouteMatch = { route: Route; params: Record<string, string> } | { allow: string };

const handlers: Record<string, OperationHandler> = {
  ...mainApiHandlers,
  ...exportApiHandlers,
  ...adminApiHandlers,
  ...testDoubleApiHandlers,
};

const allRoutes: Route[] = (operations as readonly Operation[])
  .map((operation) => {
    const names: string[] = [];
    // A dot is literal (`export.csv`), never a regex wildcard.
    const source = operation.path.replaceAll('.', '\\.').replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const query = queryParameters(operation);
    return {
      operation,
      pattern: new RegExp(`^${source}/?$`),
      names,
      handler: handlers[operation.id],
      query: new Set(query.map((parameter) => parameter.name)),
      integers: new Set(query.filter((p) => p.schema.type === 'integer').map((p) => p.name)),
    };
  })
  // A literal segment wins over a parameter at the same place: `/content/export` is not content `export`.
  .sort((a, b) => literalFirst(a.operation.path, b.operation.path));

function literalFirst(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  // Only paths of one length can match the same request; comparing by length first keeps the order total.
  if (left.length !== right.length) return left.length - right.length;
  for (let i = 0; i < left.length; i++) {
    const leftParam = left[i]?.startsWith(':') ? 1 : 0;
    const rightParam = right[i]?.startsWith(':') ? 1 : 0;
    if (leftParam !== rightParam) return leftParam - rightParam;
  }
  return 0;
}

/** Methods in the order an `Allow` header lists them. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/**
 * The routes one server serves (the admin and mock-only ones when it serves them), matched
 * literal-first: the first path that matches is the resource, so `/content/export` is never also
 * read as content `export`. A path without parameters is found in a map, without trying the
 * patterns (the same answer: a literal path that matches comes before every pattern that does).
 *
 * @example
 * ```ts
 * const table = new RouteTable({ admin: true, mock: true });
 * table.match('GET', '/v1/projects'); // { route: <projects.list>, params: {} }
 * ```
 */
export class RouteTable {
  private readonly routes: Route[];
  /** The routes of each path without parameters, in the table's order. */
  private readonly literal = new Map<string, Route[]>();

  constructor(served: { admin: boolean; mock: boolean }) {
    this.routes = allRoutes.filter(
      ({ operation }) => (served.admin || operation.auth !== 'admin') && (served.mock || !operation.mockOnly),
    );
    for (const route of this.routes) {
      if (route.names.length > 0) continue;
      const same = this.literal.get(route.operation.path);
      if (same) same.push(route);
      else this.literal.set(route.operation.path, [route]);
    }
  }

  /**
   * The route of a request and its decoded path parameters; for `OPTIONS` on a known path, the
   * methods it takes. `HEAD` runs the `GET` route. An unknown path is a 404, a known path with
   * another method a 405, and a path parameter with a malformed percent escape a 400.
   */
  match(requestMethod: string, path: string): RouteMatch {
    const method = requestMethod.toUpperCase();
    const wanted = method === 'HEAD' ? 'GET' : method;
    const methods = new Set<string>();
    // A pattern takes one trailing slash.
    const literal =
      this.literal.get(path) ?? (path.endsWith('/') ? this.literal.get(path.slice(0, -1)) : undefined);
    if (literal) {
      for (const route of literal) {
        methods.add(route.operation.method);
        if (route.operation.method === wanted) return { route, params: {} };
      }
      return allowed(method, path, methods);
    }
    let resource: string | undefined;
    for (const route of this.routes) {
      if (resource !== undefined && route.operation.path !== resource) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      resource = route.operation.path;
      methods.add(route.operation.method);
      if (route.operation.method !== wanted) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodePathParameter(name, found[index + 1] ?? '');
      });
      return { route, params };
    }
    return allowed(method, path, methods);
  }
}

/** The answer for a path whose routes take other methods than `method` (none: a 404). */
function allowed(method: string, path: string, methods: Set<string>): { allow: string } {
  if (methods.size === 0) {
    throw new UnknownRouteError(
      `No route for ${method} ${path}. The main API lives under /v1; GET /openapi.json describes every route.`,
    );
  }
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  const allow = METHOD_ORDER.filter((name) => methods.has(name)).join(', ');
  if (method === 'OPTIONS') return { allow };
  throw new MethodNotAllowedError(allow, `${method} is not supported on ${path}; use ${allow}.`);
}

function decodePathParameter(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new InvalidRequestError(
      `The path holds a malformed percent escape in ${name} ("${raw.slice(0, 60)}"): write "%" as %25 and escape other bytes as %XX in UTF-8.`,
      name,
    );
  }
}
