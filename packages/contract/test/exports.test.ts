import { describe, expect, it } from 'vitest';
import { BulkExportCreateParams, buildOpenApiDocument } from '../src/index';

type Responses = Record<
  string,
  { content?: Record<string, { schema: Record<string, unknown> }>; headers?: object }
>;
type OperationObject = {
  security: unknown[];
  parameters: Array<{ name: string; in: string; required: boolean }>;
  responses: Responses;
};

const document = buildOpenApiDocument() as { paths: Record<string, Record<string, OperationObject>> };

describe('exports in the OpenAPI document', () => {
  it('describes the content export as a file in four media types, JSON with its schema, and requires `format`', () => {
    const operation = document.paths['/v1/projects/{projectId}/content/export']?.get;
    const ok = operation?.responses['200'];
    // The text types first: a generator that keeps the first media type (openapi-python-client)
    // then reads every format as text instead of parsing CSV as JSON.
    expect(Object.keys(ok?.content ?? {})).toEqual([
      'text/csv',
      'text/html',
      'text/markdown',
      'application/json',
    ]);
    expect(ok?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ContentExport' });
    expect(ok?.content?.['text/csv']?.schema).toEqual({ type: 'string' });
    expect(ok?.headers).toHaveProperty('Content-Disposition');
    expect(operation?.parameters.find((parameter) => parameter.name === 'format')?.required).toBe(true);
  });

  it('describes the download URL as needing no API key, with its own error statuses', () => {
    const operation = document.paths['/v1/projects/{projectId}/exports/{exportId}/download']?.get;
    expect(operation?.security).toEqual([]);
    // 400: a query parameter given empty or twice.
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404', '500']);
    expect(operation?.responses['200']?.content?.['application/zip']?.schema).toEqual({
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/zip',
    });
  });

  it('has a download path per format, each with one media type, the JSON one typed, for generated clients', () => {
    const answers = Object.fromEntries(
      ['json', 'zip', 'pdf'].map((extension) => {
        const operation = document.paths[`/v1/projects/{projectId}/exports/{exportId}/download.${extension}`]
          ?.get as OperationObject & { operationId: string; 'x-rankquill-format-of': unknown };
        expect(operation?.security).toEqual([]);
        expect(
          operation?.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.required]),
        ).toEqual([
          ['expires', true],
          ['signature', true],
        ]);
        return [
          operation?.operationId,
          [operation['x-rankquill-format-of'], operation.responses['200']?.content],
        ];
      }),
    );
    expect(answers).toEqual({
      'exports.downloadJson': [
        { operation: 'exports.download', format: 'json' },
        { 'application/json': { schema: { $ref: '#/components/schemas/BulkExportDocument' } } },
      ],
      'exports.downloadZip': [
        { operation: 'exports.download', format: 'csv' },
        {
          'application/zip': {
            schema: { type: 'string', format: 'binary', contentMediaType: 'application/zip' },
          },
        },
      ],
      'exports.downloadPdf': [
        { operation: 'exports.download', format: 'pdf' },
        {
          'application/pdf': {
            schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' },
          },
        },
      ],
    });
  });
});

describe('BulkExportCreateParams', () => {
  it('takes types, a format and an optional inclusive date range', () => {
    expect(
      BulkExportCreateParams.parse({
        types: ['content', 'ai-visibility'],
        format: 'pdf',
        date_range: { from: '2026-01-01', to: '2026-01-01' },
      }),
    ).toMatchObject({ format: 'pdf' });
    expect(BulkExportCreateParams.safeParse({ types: ['content'], format: 'json' }).success).toBe(true);
  });

  it('names the field of each mistake', () => {
    const pathOf = (input: unknown) =>
      BulkExportCreateParams.safeParse(input).error?.issues[0]?.path.join('.');
    expect(pathOf({ types: [], format: 'json' })).toBe('types');
    expect(pathOf({ types: ['orders'], format: 'json' })).toBe('types.0');
    expect(pathOf({ types: ['content'], format: 'xml' })).toBe('format');
    expect(
      pathOf({ types: ['content'], format: 'json', date_range: { from: '2026-02-30', to: '2026-03-01' } }),
    ).toBe('date_range.from');
    expect(
      pathOf({ types: ['content'], format: 'json', date_range: { from: '2026-03-02', to: '2026-03-01' } }),
    ).toBe('date_range.to');
  });
});
