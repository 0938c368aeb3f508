import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../scripts/models/openapi-model.mjs';
import { operationTable, policyConstantsInSeconds } from '../../scripts/models/operation-table.mjs';
import { operationClasses } from '../../scripts/models/operations/php.mjs';
import { operationModules } from '../../scripts/models/operations/python.mjs';
import { operationFiles } from '../../scripts/models/operations/ruby.mjs';
import { operationsModule } from '../../scripts/models/operations/typescript.mjs';

type Document = {
  paths: Record<string, Record<string, { operationId: string; 'x-rankquill-format-of'?: unknown }>>;
  'x-rankquill-client-policy': Record<string, unknown>;
};
const contractFile = fileURLToPath(new URL('../../packages/contract/openapi.json', import.meta.url));
const readDocument = (): Document => JSON.parse(readFileSync(contractFile, 'utf8'));

/** The contract with one more read-only operation, as a maintainer would add it. */
function withKeywordRetrieve(): Document {
  const document = readDocument();
  document.paths['/v1/projects/{projectId}/keywords/{keywordId}'] = {
    get: {
      operationId: 'keywords.retrieve',
      summary: 'Get one tracked keyword',
      security: [{ bearer: [] }],
      parameters: [
        { name: 'projectId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'keywordId', in: 'path', required: true, schema: { type: 'string' } },
      ],
      responses: {
        200: {
          description: 'The keyword',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Keyword' } } },
        },
      },
    } as unknown as Document['paths'][string][string],
  };
  return document;
}

/** Every language's generated table, as one text per language. */
function emitted(document: Document): Record<string, string> {
  const model = buildApiModel(document);
  return {
    typescript: operationsModule(model),
    python: operationModules(model)['operations.py'],
    php: operationClasses(model)['Internal/Operations.php'],
    ruby: operationFiles(model).lib['operations.rb'],
  };
}

describe('the operation table', () => {
  const document = readDocument();
  const rows = operationTable(buildApiModel(document));

  it('has one row per operation of the contract, whose path is the contract path under its base', () => {
    const contractOperations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ id: operation.operationId, method, path })),
    );
    expect(rows.map((row) => row.id)).toEqual(contractOperations.map((operation) => operation.id));
    const prefix = { api: '/v1', 'public-article-api': '/public-article-api', server: '' };
    for (const [index, row] of rows.entries()) {
      const contract = contractOperations[index];
      expect(`${prefix[row.base]}${row.path}`, row.id).toBe(contract?.path);
      expect(row.method, row.id).toBe(contract?.method.toUpperCase());
      expect(
        [...row.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
        row.id,
      ).toEqual(row.pathParams);
    }
  });

  it('says which client calls each operation', () => {
    const byClient = (client: string) => rows.filter((row) => row.client === client).map((row) => row.id);
    expect(byClient('public-articles')).toEqual(['publicArticles.get']);
    expect(byClient('testing')).toEqual([
      'admin.accounts.create',
      'admin.clock.retrieve',
      'admin.clock.advance',
      'admin.reset',
      'admin.faults.create',
      'admin.faults.list',
      'admin.faults.clear',
      'admin.faults.delete',
      'admin.requests.list',
      'admin.requests.clear',
    ]);
    const formatPaths = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation['x-rankquill-format-of'])
      .map((operation) => operation.operationId);
    expect(formatPaths.length).toBeGreaterThan(0);
    expect(byClient('none').sort()).toEqual([...formatPaths, 'health', 'openapi'].sort());
    expect(rows.find((row) => row.id === 'content.create')).toMatchObject({
      idempotent: true,
      body: ['keyword', 'type', 'length', 'auto_publish'],
    });
    expect(rows.find((row) => row.id === 'content.list')).toMatchObject({
      paginated: true,
      query: ['limit', 'offset', 'status'],
    });
  });

  it('gives every language its entry for an operation added to the contract', () => {
    const before = emitted(readDocument());
    const after = emitted(withKeywordRetrieve());
    const expected = {
      typescript:
        "'keywords.retrieve': { method: 'GET', base: 'api', path: '/projects/{projectId}/keywords/{keywordId}', pathParams: ['projectId', 'keywordId']",
      python:
        '"keywords.retrieve": Operation(\n        id="keywords.retrieve",\n        method="GET",\n        base="api",\n        path="/projects/{project_id}/keywords/{keyword_id}",\n        path_params=("project_id", "keyword_id"),',
      php: "'keywords.retrieve' => [\n            'method' => 'GET',\n            'base' => 'api',\n            'path' => '/projects/{projectId}/keywords/{keywordId}',\n            'path_params' => ['projectId', 'keywordId'],",
      ruby: '"keywords.retrieve" => Operation.new(\n        id: "keywords.retrieve",\n        http_method: "GET",\n        base: "api",\n        path: "/projects/{project_id}/keywords/{keyword_id}",\n        path_params: %w[project_id keyword_id],',
    };
    for (const [language, entry] of Object.entries(expected)) {
      expect(before[language], language).not.toContain('keywords.retrieve');
      expect(after[language], language).toContain(entry);
    }
  });
});

describe('the client policy constants', () => {
  it('name every value of the policy, with durations in seconds', () => {
    const policy = readDocument()['x-rankquill-client-policy'];
    const constants = policyConstantsInSeconds(policy);
    const byName = Object.fromEntries(constants.map((constant) => [constant.name, constant.value]));
    expect(byName).toMatchObject({
      MAX_RETRIES: 2,
      TIMEOUT_MAIN_SECONDS: 60,
      RETRY_INITIAL_DELAY_SECONDS: 0.5,
      RETRY_MAX_SERVER_WAIT_SECONDS: 60,
      RETRY_EARLIEST_RESET_TIMESTAMP_SECONDS: 1_704_067_200,
      RETRY_JITTER: 0.25,
      RETRY_STATUSES: [408, 429],
      ERROR_EXCERPT_CHARS: 500,
      CLOCK_MODE_HEADER: 'x-rankquill-clock',
    });
    const leaves = (value: unknown): number =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.values(value).reduce((sum: number, inner) => sum + leaves(inner), 0)
        : 1;
    expect(constants).toHaveLength(leaves(policy));
  });
});
