import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, operations } from '../src/index';

const document = buildOpenApiDocument() as {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string }>>;
  components: { schemas: Record<string, unknown> };
};

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every operation once, at its path and method', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const operation of operations) {
      const path = operation.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(document.paths[path]?.[operation.method.toLowerCase()]?.operationId, operation.id).toBe(
        operation.id,
      );
    }
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(operations.length);
  });

  it('resolves every $ref to a component', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty(ref as string);
  });

  it('documents request bodies in their input form: defaults make fields optional', () => {
    const schema = document.components.schemas.ContentItemCreateParams as { required: string[] };
    expect(schema.required).toEqual(['keyword']);
  });

  it('matches the committed openapi.json', () => {
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
