import { describe, expect, it } from 'vitest';
import { project, server, signedIn, useDashboardServer } from './dashboard-server';

useDashboardServer();

describe('dashboard forms', () => {
  it('refuses a form without the session token, from another origin or from another site, and changes nothing', async () => {
    const client = await signedIn();
    const before = (await server.call('GET', `/v1${project()}/keywords`, { key: server.demo.api_key })).body
      .pagination.total;
    const attempts = [
      await client.post(`${project()}/keywords`, { keyword: 'csrf one', csrf_token: '' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf two', csrf_token: 'guess' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf three' }, { origin: 'http://127.0.0.1:1' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf four' }, { 'sec-fetch-site': 'same-site' }),
      await client.post(`${project()}/keywords`, { keyword: 'csrf five' }, { origin: 'null' }),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([403, 403, 403, 403, 403]);
    expect(attempts[2]?.html).toContain('Nothing was changed');
    const after = (await server.call('GET', `/v1${project()}/keywords`, { key: server.demo.api_key })).body
      .pagination.total;
    expect(after).toBe(before);
  });

  it('runs a form from this origin with the token through the engine, then shows the next page', async () => {
    const client = await signedIn();
    const answer = await client.post(`${project()}/keywords`, { keyword: 'aeropress recipe' });
    expect(answer.status).toBe(303);
    const page = await client.get(answer.headers.get('location') ?? '');
    expect(page.html).toContain('Tracking “aeropress recipe”');
    const list = await server.call('GET', `/v1${project()}/keywords?limit=100`, { key: server.demo.api_key });
    expect(list.body.data.map((keyword: { keyword: string }) => keyword.keyword)).toContain(
      'aeropress recipe',
    );
    // The message is shown once.
    expect((await client.get(answer.headers.get('location') ?? '')).html).not.toContain(
      'Tracking “aeropress',
    );
  });

  it('sends a refused input back to its form with the engine message on the field and the values kept', async () => {
    const client = await signedIn();
    const answer = await client.post(`${project()}/content`, { keyword: 'siphon brewing', length: '12' });
    expect(answer.headers.get('location')).toBe(`${project()}/content`);
    const page = await client.get(`${project()}/content`);
    expect(page.html).toContain('`length` must be an integer number of words from 300 to 5000.');
    expect(page.html).toContain('aria-invalid="true" aria-describedby="length-error"');
    expect(page.html).toContain('value="siphon brewing"');
  });

  it('keeps a secret out of the values it fills in again', async () => {
    const client = await signedIn();
    await client.post(`${project()}/webhook`, { url: 'not a url', secret: 'hunter2-secret' });
    const page = await client.get(`${project()}/integrations`);
    expect(page.html).toContain('must be an absolute http(s) URL');
    expect(page.html).toContain('value="not a url"');
    expect(page.html).not.toContain('hunter2-secret');
  });
});

describe('dashboard integrations', () => {
  // Issue 22, finding 8: the secret stayed in clear in the sign_in_sessions row until the next page.
  it('shows the signing secret once, in the answer to the save and to a rotation, and never stores it in the session', async () => {
    const client = await signedIn();
    const created = await server.call('POST', '/v1/projects', {
      key: server.demo.api_key,
      body: { name: 'Signing', domain: 'signing.example' },
    });
    const path = `/projects/${created.body.id}`;
    const refused = await client.post(`${path}/webhook/signing-secret/rotate`, { confirm: 'yes' });
    expect(refused.headers.get('location')).toBe(`${path}/integrations`);
    expect((await client.get(`${path}/integrations`)).html).toContain('has no webhook, so no signing secret');
    const sessionRows = async () => JSON.stringify(await server.engine.signInSessions.all());

    const first = await client.post(`${path}/webhook`, {
      url: 'http://127.0.0.1:9/webhook',
      secret: 's3cret',
    });
    expect(first.status).toBe(200);
    const secret = /Signing secret:<\/strong> <code>(whsec_[^<]+)<\/code>/.exec(first.html)?.[1];
    expect(secret).toMatch(/^whsec_/);
    expect(await sessionRows()).not.toContain('whsec_');
    expect((await client.get(`${path}/integrations`)).html).not.toContain(secret);
    const saved = await client.post(`${path}/webhook`, { url: 'http://127.0.0.1:9/other', secret: 's3cret' });
    expect(saved.status).toBe(303);
    expect((await client.get(`${path}/integrations`)).html).not.toContain('whsec_');

    const rotated = await client.post(`${path}/webhook/signing-secret/rotate`, { confirm: 'yes' });
    expect(rotated.status).toBe(200);
    const next = /New signing secret:<\/strong> <code>(whsec_[^<]+)<\/code>/.exec(rotated.html)?.[1];
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect(rotated.html).toContain('The replaced one also signs deliveries until');
    expect(await sessionRows()).not.toContain('whsec_');
    expect((await client.get(`${path}/integrations`)).html).not.toContain('whsec_');

    const key = await client.post(`${path}/public-api-key/rotate`, {});
    const publicKey = /New public article API key:<\/strong> <code>([^<]+)<\/code>/.exec(key.html)?.[1];
    expect(publicKey).toMatch(/^rqp_/);
    expect(await sessionRows()).not.toContain(publicKey);
  });
});
