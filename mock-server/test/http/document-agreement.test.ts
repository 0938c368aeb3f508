import { buildOpenApiDocument } from '@rankquill/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** The OpenAPI document clients and the fuzzer read; the server must answer as it says. */
const document = buildOpenApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

interface Operation {
  operationId: string;
  parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  responses: Record<string, unknown>;
}

function operation(id: string): Operation {
  for (const methods of Object.values(document.paths)) {
    for (const candidate of Object.values(methods)) if (candidate.operationId === id) return candidate;
  }
  throw new Error(`no operation ${id} in the document`);
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the OpenAPI document and the server agree', () => {
  it('on Idempotency-Key: 1 to 255 characters', async () => {
    const header = operation('projects.create').parameters.find((p) => p.name === 'Idempotency-Key');
    expect(header?.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    server = await startTestServer();
    const create = (key: string) =>
      server?.call('POST', '/v1/projects', {
        key: server.demo.api_key,
        headers: { 'idempotency-key': key },
        body: { name: 'Keyed', domain: 'keyed.example' },
      });
    for (const refused of ['', 'k'.repeat(256)]) {
      const answer = await create(refused);
      expect(answer?.status).toBe(400);
      expect(answer?.body.error.param).toBe('Idempotency-Key');
    }
    expect((await create('k'))?.status).toBe(201);
    expect((await create('k'.repeat(255)))?.status).toBe(201);
  });

  it('on accounts: rate_limit required for enterprise and refused for the other plans', async () => {
    expect(document.components.schemas.AdminAccountCreateParams).toMatchObject({
      if: { properties: { plan: { const: 'enterprise' } } },
      // biome-ignore lint/suspicious/noThenProperty: the then of JSON Schema's if/then/else
      then: { required: ['rate_limit'] },
      else: { not: { required: ['rate_limit'] } },
    });
    server = await startTestServer();
    const create = (body: unknown) => server?.call('POST', '/__admin/accounts', { body });
    expect((await create({ plan: 'enterprise' }))?.status).toBe(400);
    expect((await create({ plan: 'agencies', rate_limit: 2 }))?.status).toBe(400);
    expect((await create({ plan: 'enterprise', rate_limit: 2 }))?.status).toBe(201);
    expect((await create({ plan: 'agencies' }))?.status).toBe(201);
  });

  it('on moving the clock of a real-clock server: a 409 the document lists', async () => {
    expect(Object.keys(operation('admin.clock.advance').responses)).toContain('409');
    server = await startTestServer({ clock: 'real' });
    const answer = await server.call('POST', '/__admin/clock/advance', { body: { seconds: 1 } });
    expect(answer.status).toBe(409);
  });
});
