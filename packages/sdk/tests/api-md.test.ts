import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assembleApiMd } from '../../../scripts/api-md.mjs';
import { Rankquill } from '../src/index';
import { APIResource } from '../src/resources/api-resource';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/** `client.<resource>.<method>` for every method reachable on a client, sub-resources included. */
function methodPaths(target: object, prefix: string): string[] {
  const paths: string[] = [];
  for (const [name, value] of Object.entries(target)) {
    if (!(value instanceof APIResource)) continue;
    const resource = `${prefix}.${name}`;
    // The resource's own methods: its prototype chain up to APIResource, whose helpers are protected.
    for (
      let proto = Object.getPrototypeOf(value);
      proto !== APIResource.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const method of Object.getOwnPropertyNames(proto)) {
        if (
          method !== 'constructor' &&
          typeof Object.getOwnPropertyDescriptor(proto, method)?.value === 'function'
        )
          paths.push(`${resource}.${method}`);
      }
    }
    paths.push(...methodPaths(value, resource));
  }
  return paths;
}

describe('api.md', () => {
  const client = new Rankquill({ apiKey: 'k', baseURL: 'https://api.example.test/v1' });
  const methods = methodPaths(client, 'client');

  it('finds the resources of the client', () => {
    expect(methods).toEqual(
      expect.arrayContaining(['client.projects.create', 'client.content.createAndWait']),
    );
  });

  it('lists every method of the client, with its arguments', () => {
    const apiMd = read('../api.md');
    expect(methods.filter((method) => !apiMd.includes(`\`${method}(`))).toEqual([]);
  });

  it('is copied into the root api.md (`pnpm api-md:write`)', () => {
    expect(read('../../../api.md')).toBe(assembleApiMd());
  });
});
