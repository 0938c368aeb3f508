import { BulkExport, type BulkExportFormat } from '@rankquill/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/test-server';
import { download, openExportProject } from './export-project';

// The download of a bulk export at a path of one format (`download.json`, `.zip`, `.pdf`), which
// a generated client can type, beside `download_url` (`/download`), which answers every format
// and keeps working for the links already handed out.
let server: TestServer;
let key: string;
let projectPath: (suffix?: string) => string;

beforeAll(async () => {
  ({ server, key, projectPath } = await openExportProject());
});
afterAll(() => server.close());

const EXTENSIONS: Record<BulkExportFormat, string> = { json: 'json', csv: 'zip', pdf: 'pdf' };

async function readyExport(format: BulkExportFormat): Promise<BulkExport> {
  const created = await server.call('POST', projectPath('/export'), {
    key,
    body: { types: ['content'], format },
  });
  expect(created.status).toBe(202);
  await server.advance(0);
  const ready = BulkExport.parse(
    (await server.call('GET', projectPath(`/exports/${created.body.id}`), { key })).body,
  );
  expect(ready.status).toBe('ready');
  return ready;
}

/** `download_url` with its path's last segment replaced by `segment`, the signed query kept. */
function atPath(downloadUrl: string, segment: string): string {
  const url = new URL(downloadUrl);
  url.pathname = url.pathname.replace(/\/download$/, `/${segment}`);
  return url.href;
}

describe.each(Object.entries(EXTENSIONS) as Array<[BulkExportFormat, string]>)(
  'a bulk export in %s format',
  (format, extension) => {
    let ready: BulkExport;
    beforeAll(async () => {
      ready = await readyExport(format);
    });

    it(`serves its file at download.${extension} with the signed query of download_url, as download_url does`, async () => {
      // The URL handed out is the one it always was: links given before this path existed still work.
      expect(new URL(ready.download_url ?? '').pathname).toBe(projectPath(`/exports/${ready.id}/download`));
      const today = await download(ready.download_url ?? '');
      const typed = await download(atPath(ready.download_url ?? '', `download.${extension}`));
      expect(today.response.status).toBe(200);
      expect(typed.response.status).toBe(200);
      expect(typed.response.headers.get('content-type')).toBe(ready.content_type);
      expect(typed.response.headers.get('content-type')).toBe(today.response.headers.get('content-type'));
      expect(typed.response.headers.get('content-disposition')).toBe(
        `attachment; filename="${ready.filename}"`,
      );
      expect(typed.bytes).toEqual(today.bytes);
      expect(typed.bytes.byteLength).toBe(ready.size_bytes);
    });

    it('answers 404 at the path of another format, naming the path of its file', async () => {
      for (const other of Object.values(EXTENSIONS).filter((value) => value !== extension)) {
        const { response, bytes } = await download(atPath(ready.download_url ?? '', `download.${other}`));
        expect(response.status).toBe(404);
        const body = JSON.parse(new TextDecoder().decode(bytes));
        expect(body.error).toMatchObject({ type: 'not_found_error', param: 'exportId' });
        expect(body.error.message).toContain(`is in ${format} format`);
        expect(body.error.message).toContain(projectPath(`/exports/${ready.id}/download.${extension}`));
      }
    });

    it('checks the signature first: a forged link learns nothing, whatever the path', async () => {
      const forged = new URL(atPath(ready.download_url ?? '', `download.${extension}`));
      forged.searchParams.set('signature', 'A'.repeat(43));
      const { response, bytes } = await download(forged.href);
      expect(response.status).toBe(401);
      expect(JSON.parse(new TextDecoder().decode(bytes)).error).toMatchObject({ param: 'signature' });
    });
  },
);
