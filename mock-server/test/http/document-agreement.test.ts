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
      // `{ not: {} }`: no value is valid (the boolean schema `false`, which oapi-codegen cannot read).
      else: { properties: { rate_limit: { not: {} } } },
    });
    server = await startTestServer();
    const create = (body: unknown) => server?.call('POST', '/__admin/accounts', { body });
    expect((await create({ plan: 'enterprise' }))?.status).toBe(400);
    expect((await create({ plan: 'agencies', rate_limit: 2 }))?.status).toBe(400);
    expect((await create({ plan: 'enterprise', rate_limit: 2 }))?.status).toBe(201);
    expect((await create({ plan: 'agencies' }))?.status).toBe(201);
  });

  it('on X-Request-Id, 413 and 415: on every answer, for every method that takes a body', async () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(methods)) {
        const statuses = Object.keys(described.responses);
        if (method !== 'get')
          expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
        for (const [status, response] of Object.entries(described.responses)) {
          const headers = (response as { headers?: Record<string, { required?: boolean }> }).headers;
          expect(headers?.['X-Request-Id']?.required, `${method} ${path} ${status}`).toBe(true);
        }
      }
    }
    server = await startTestServer();
    const key = server.demo.api_key;
    const unsupported = await fetch(`${server.url}/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    const tooLarge = await fetch(`${server.url}/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: `"${'x'.repeat(5 * 1024 * 1024)}"`,
    });
    for (const [answer, status] of [
      [unsupported, 415],
      [tooLarge, 413],
    ] as const) {
      expect(answer.status).toBe(status);
      const body = await answer.json();
      expect(body.error.request_id).toBe(answer.headers.get('x-request-id'));
    }
  });

  it('on query integers: the document bounds offset where the server does', async () => {
    const offset = operation('projects.list').parameters.find((p) => p.name === 'offset');
    expect(offset?.schema).toMatchObject({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
    const id = operation('publicArticles.get').parameters.find((p) => p.name === 'id');
    expect(id?.schema).toMatchObject({ type: 'string', minLength: 1 });
  });

  it('on moving the clock of a real-clock server: a 409 the document lists', async () => {
    expect(Object.keys(operation('admin.clock.advance').responses)).toContain('409');
    server = await startTestServer({ clock: 'real' });
    const answer = await server.call('POST', '/__admin/clock/advance', { body: { seconds: 1 } });
    expect(answer.status).toBe(409);
  });
});
