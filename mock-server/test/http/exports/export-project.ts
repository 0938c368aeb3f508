import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

/** The export tests' project: a server, its demo key and a project of articles made to be hard to export. */
export interface ExportProject {
  server: TestServer;
  key: string;
  projectId: string;
  /** `/v1/projects/<projectId><suffix>`. */
  projectPath: (suffix?: string) => string;
  /** The article whose title and body need quoting and escaping in every format. */
  tricky: { id: string; title: string };
  /** The three articles every export holds, in the order they were created. */
  articleIds: string[];
}

export const TRICKY_TITLE = 'Commas, "quotes" and\nnew lines';
const TRICKY_HTML =
  '<h2>Brewing ratio</h2><p>Use <strong>1:8</strong> &amp; <a href="https://example.com/ratio">stir</a>, then wait.</p><ul><li>Coarse grind</li><li>Cold water</li></ul>';
export const TRICKY_MARKDOWN =
  '## Brewing ratio\n\nUse **1:8** & [stir](https://example.com/ratio), then wait.\n\n- Coarse grind\n- Cold water\n';

/**
 * Starts a server on the manual clock with a project "Export Co" of three ready articles (one of
 * them published, one retitled and rewritten with characters every format must escape) and one
 * still generating, which no export may hold. The caller closes `server`.
 */
export async function openExportProject(): Promise<ExportProject> {
  const server = await startTestServer();
  const key = server.demo.api_key;
  const project = await server.call('POST', '/v1/projects', {
    key,
    body: { name: 'Export Co', domain: 'export.example' },
  });
  const projectId: string = project.body.id;
  const projectPath = (suffix = '') => `/v1/projects/${projectId}${suffix}`;
  async function generate(keyword: string, autoPublish = false): Promise<string> {
    const created = await server.call('POST', projectPath('/content'), {
      key,
      body: { keyword, length: 300, auto_publish: autoPublish },
    });
    expect(created.status).toBe(202);
    return created.body.id;
  }
  const first = await generate('cold brew ratio');
  const second = await generate('pour over kettle', true);
  const third = await generate('grinder burrs');
  await server.advance(60);
  const edited = await server.call('PUT', projectPath(`/content/${first}`), {
    key,
    body: {
      title: TRICKY_TITLE,
      content: TRICKY_HTML,
      meta_description: '=HYPERLINK("https://evil.example")',
      keywords: ['cold brew, ratio', '"strong" coffee'],
    },
  });
  expect(edited.status).toBe(200);
  // Still generating (length 300 takes 35 s), so it is left out of every export.
  await generate('created after the others');
  return {
    server,
    key,
    projectId,
    projectPath,
    tricky: { id: first, title: TRICKY_TITLE },
    articleIds: [first, second, third],
  };
}

/** Fetches a signed download URL, with no key: the URL is the credential. */
export async function download(url: string) {
  // No Authorization header: the signed URL is the credential.
  const response = await fetch(url);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}
