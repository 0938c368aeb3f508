// The main flow through a client that openapi-typescript and openapi-fetch generate from
// packages/contract/openapi.json, as a user of those tools writes it: no flag, no edited document.
// tooling/test/openapi-peers.test.ts copies this file next to the generated `api.d.ts`, checks it
// with `tsc --strict` and runs it: `node openapi-fetch-flow.ts <server url> <main API key>`.
// It prints one JSON line of what it saw and exits non-zero on the first surprise.
import createClient from 'openapi-fetch';
import type { paths, webhooks } from './api.js';

const [baseUrl, apiKey] = process.argv.slice(2);
if (!baseUrl || !apiKey) throw new Error('usage: node openapi-fetch-flow.ts <server url> <main API key>');
const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });

function must<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) {
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

const project = must(
  await client.POST('/v1/projects', { body: { name: 'Peer client', domain: 'peer.example' } }),
  'create a project',
);
const projectId = project.id;
// Only `keyword`: the fields with server-side defaults are optional in the generated type.
const created = must(
  await client.POST('/v1/projects/{projectId}/content', {
    params: { path: { projectId } },
    body: { keyword: 'cold brew' },
  }),
  'create content',
);
const advanced = must(
  await client.POST('/__admin/clock/advance', { body: { seconds: 3600 } }),
  'advance the manual clock',
);
const page = must(
  await client.GET('/v1/projects/{projectId}/content', {
    params: { path: { projectId }, query: { limit: 10 } },
  }),
  'list content',
);
const listed = page.data.find((item) => item.id === created.id);
const published = must(
  await client.POST('/v1/projects/{projectId}/content/{contentId}/publish', {
    params: { path: { projectId, contentId: created.id } },
  }),
  'publish',
);
const csv = must(
  await client.GET('/v1/projects/{projectId}/content/export.csv', {
    params: { path: { projectId } },
    parseAs: 'text',
  }),
  'export CSV',
);

/** Starts a bulk export of the project's content in `format` and polls it until it is ready. */
async function readyExport(format: 'json' | 'csv') {
  const started = must(
    await client.POST('/v1/projects/{projectId}/export', {
      params: { path: { projectId } },
      body: { types: ['content'], format },
    }),
    'start a bulk export',
  );
  let bulk = started;
  for (let i = 0; i < 200 && bulk.status !== 'ready'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    bulk = must(
      await client.GET('/v1/projects/{projectId}/exports/{exportId}', {
        params: { path: { projectId, exportId: started.id } },
      }),
      'get the bulk export',
    );
  }
  const signed = new URL(bulk.download_url ?? 'http://missing.invalid/');
  const path = { projectId, exportId: started.id };
  const query = {
    expires: signed.searchParams.get('expires') ?? '',
    signature: signed.searchParams.get('signature') ?? '',
  };
  return { bulk, params: { path, query } };
}

// Each format of the bulk download at a path of its own: the JSON one typed, the ZIP one bytes.
const documentExport = await readyExport('json');
const bulk = documentExport.bulk;
const file = must(
  await client.GET('/v1/projects/{projectId}/exports/{exportId}/download.json', {
    params: documentExport.params,
  }),
  'download the JSON bulk export',
);
const zipExport = await readyExport('csv');
const zip = new Uint8Array(
  must(
    await client.GET('/v1/projects/{projectId}/exports/{exportId}/download.zip', {
      params: zipExport.params,
      parseAs: 'arrayBuffer',
    }),
    'download the ZIP bulk export',
  ),
);

// The webhooks section types what a receiver gets and answers.
type Published = webhooks['content.published']['post'];
const answer: Published['responses'][200]['content']['application/json'] = { success: true, url: '/en/x' };

console.log(
  JSON.stringify({
    createdStatus: created.status,
    clockMoved: advanced.now,
    listedStatus: listed?.status,
    publishedStatus: published.status,
    csvHeader: csv.split('\r\n')[0],
    bulkStatus: bulk.status,
    bulkObject: file.object,
    bulkArticles: file.content?.articles.map((article) => article.id),
    zipMagic: String.fromCharCode(...zip.slice(0, 2)),
    zipBytesMatch: zip.byteLength === zipExport.bulk.size_bytes,
    receiverAnswer: answer.success,
  }),
);
