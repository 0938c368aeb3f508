import type { TestServer } from '../../support/test-server';

/** A new account (essential plan) with one project: its main key, the project and its public key. */
export async function freshAccount(test: TestServer) {
  const { api_key: key } = (await test.call('POST', '/__admin/accounts', { body: { plan: 'essential' } }))
    .body;
  const project = (
    await test.call('POST', '/v1/projects', { key, body: { name: 'Site', domain: 'site.example' } })
  ).body;
  return { key: key as string, projectId: project.id as string, publicKey: project.public_api_key as string };
}
