import { type Operation, operations } from '@rankquill/contract';
import { describe, expect, it } from 'vitest';
import { type Route, type RouteMatch, RouteTable } from '../../src/api/route-table';
import { Random } from '../../src/engine/kernel/random';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/**
 * How the router matched before paths without parameters had a map: every pattern tried in the
 * table's order, the first path that matches taken as the resource.
 */
function matchByPatterns(routes: readonly Route[], requestMethod: string, path: string): RouteMatch {
  const method = requestMethod.toUpperCase();
  const wanted = method === 'HEAD' ? 'GET' : method;
  const methods = new Set<string>();
  let resource: string | undefined;
  for (const route of routes) {
    if (resource !== undefined && route.operation.path !== resource) continue;
    const found = route.pattern.exec(path);
    if (!found) continue;
    resource = route.operation.path;
    methods.add(route.operation.method);
    if (route.operation.method !== wanted) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      params[name] = decodeURIComponent(found[index + 1] ?? '');
    });
    return { route, params };
  }
  if (methods.size === 0) throw new Error(`No route for ${method} ${path}`);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  const allow = METHOD_ORDER.filter((name) => methods.has(name)).join(', ');
  if (method === 'OPTIONS') return { allow };
  throw new Error(`${method} not allowed: ${allow}`);
}

/** A match, or the kind of error it threw, comparable with `toEqual`. */
function outcome(match: () => RouteMatch): unknown {
  try {
    const found = match();
    return 'allow' in found ? found : { operation: found.route.operation.id, params: found.params };
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('No route')) return 'unknown route';
    return message.includes('malformed') ? 'malformed escape' : 'method not allowed';
  }
}

describe('RouteTable', () => {
  it('matches every request as trying each pattern in order did, literal paths from a map', () => {
    const random = new Random('route-table');
    const paths: string[] = ['/', '', '//', '/v1', '/v1/', '/nope', '/public-article-api//'];
    const values = ['abc', 'proj_1', 'export', 'a%20b', '%zz', 'download.json', '_', 'content'];
    for (const operation of operations as readonly Operation[]) {
      for (let i = 0; i < 4; i++) {
        const path = operation.path.replace(/:([A-Za-z]+)/g, () => random.pick(values));
        paths.push(path, `${path}/`, `${path}//`, `${path}/extra`, path.toUpperCase());
      }
    }
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'get'];
    let literal = 0;
    for (const admin of [true, false]) {
      for (const mock of [true, false]) {
        const table = new RouteTable({ admin, mock });
        const routes = (table as unknown as { routes: Route[] }).routes;
        for (const path of paths) {
          for (const method of methods) {
            const expected = outcome(() => matchByPatterns(routes, method, path));
            expect(
              outcome(() => table.match(method, path)),
              `${method} ${path}`,
            ).toEqual(expected);
            if (!path.includes(':') && typeof expected === 'object' && expected && 'params' in expected)
              literal += Object.keys((expected as { params: object }).params).length === 0 ? 1 : 0;
          }
        }
      }
    }
    expect(literal).toBeGreaterThan(100);
  });

  it('leaves out the routes a server does not serve', () => {
    expect(() => new RouteTable({ admin: false, mock: true }).match('GET', '/__admin/requests')).toThrow(
      /No route for GET \/__admin\/requests/,
    );
    expect(() => new RouteTable({ admin: true, mock: false }).match('POST', '/__admin/reset')).toThrow(
      /No route/,
    );
    const served = new RouteTable({ admin: true, mock: true }).match('POST', '/__admin/reset');
    expect('route' in served && served.route.operation.id).toBe('admin.reset');
  });
});
