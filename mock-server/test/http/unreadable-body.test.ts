import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/api/router';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tooLarge = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), domain: 'big.example' });

describe('a body the server cannot read', () => {
  it('is a 413 in the main API error format, with the request id in the body and the header', async () => {
    const answer = await server.call('POST', '/v1/projects', { key: server.demo.api_key, body: tooLarge });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        request_id: expect.stringMatching(/^req_/),
      },
    });
    expect(answer.headers.get('x-request-id')).toBe(answer.body.error.request_id);
    // Nothing was created.
    const projects = await server.call('GET', '/v1/projects?limit=100', { key: server.demo.api_key });
    expect(projects.body.data.map((project: { domain: string }) => project.domain)).not.toContain(
      'big.example',
    );
  });

  it('is a 413 in the public article API format on the public article API', async () => {
    const answer = await server.call('POST', '/public-article-api', {
      headers: { 'x-service-key': server.demo.public_api_key },
      body: tooLarge,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      success: false,
      error: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    });
  });

  it('keeps the status of a body in an encoding the server cannot decode, and says why', async () => {
    const answer = await server.call('POST', '/v1/projects', {
      key: server.demo.api_key,
      body: { name: 'Zipped', domain: 'zipped.example' },
      headers: { 'content-encoding': 'bogus' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.error.type).toBe('invalid_request_error');
    expect(answer.body.error.message).toBe(
      'The request body could not be read: unsupported content encoding "bogus".',
    );
    expect(answer.headers.get('x-request-id')).toBe(answer.body.error.request_id);
  });
});
