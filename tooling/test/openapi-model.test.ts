import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../scripts/models/openapi-model.mjs';

// scripts/models reads the document's forms for other generators (packages/contract/src/
// openapi-portable.ts) back into what our Python, PHP and Ruby models had before them.
const contractFile = fileURLToPath(new URL('../../packages/contract/openapi.json', import.meta.url));
const model = buildApiModel(JSON.parse(readFileSync(contractFile, 'utf8')));
const schema = (name: string) => model.schemas.find((candidate) => candidate.name === name);
const field = (schemaName: string, fieldName: string) =>
  schema(schemaName)?.fields.find((candidate) => candidate.name === fieldName);

describe('the API model of the OpenAPI document', () => {
  it('keeps the model names of renamed schemas (x-rankquill-model-name), also where they are referred to', () => {
    expect(schema('ContentCreateParams')?.role).toBe('request');
    expect(schema('ContentCreateResponse')?.role).toBe('response');
    expect(schema('ContentUpdateParams')?.role).toBe('request');
    expect(model.schemas.filter((candidate) => candidate.name.startsWith('ContentItemCreate'))).toEqual([]);
    const create = model.operations.find((operation) => operation.id === 'content.create');
    expect(create?.body).toBe('ContentCreateParams');
    expect(create?.success.type).toEqual({ kind: 'ref', name: 'ContentCreateResponse' });
  });

  it('reads an extensible enum as open with its values, and its description without the added sentence', () => {
    expect(field('ContentItem', 'status')).toEqual({
      name: 'status',
      type: { kind: 'string', values: ['generating', 'draft', 'published', 'failed'], open: true },
      required: true,
      nullable: false,
    });
  });

  it('reads an always-the-same boolean as a constant, its description kept without the added sentence', () => {
    expect(field('Deleted', 'deleted')?.type).toEqual({ kind: 'boolean', constant: true });
    expect(field('Deleted', 'deleted')?.description).toBeUndefined();
    expect(field('ProjectWebhook', 'secret_set')).toMatchObject({
      type: { kind: 'boolean', constant: true },
      description: 'A secret is set; it is sent as `x-service-key` with every delivery.',
    });
  });
});
