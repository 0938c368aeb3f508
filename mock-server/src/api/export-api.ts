import type { BulkExportFormat } from '@rankquill/contract';
import { type OperationHandler, RawResult } from './api-types';

/** Handlers of the export operations, by contract operation id: files are streamed, bulk exports are JSON. */
export const exportApiHandlers: Record<string, OperationHandler> = {
  'content.export': async ({ engine, account, params, query }) =>
    new RawResult(await engine.exports.content(account, param(params, 'projectId'), query)),
  'keywords.export': async ({ engine, account, params, query }) =>
    new RawResult(await engine.exports.keywords(account, param(params, 'projectId'), query)),
  'aiVisibility.export': async ({ engine, account, params, query }) =>
    new RawResult(await engine.exports.aiVisibility(account, param(params, 'projectId'), query)),
  // One format at a path of its own (`export.csv`): the same export with `format` fixed.
  'content.exportJson': contentExportIn('json'),
  'content.exportCsv': contentExportIn('csv'),
  'content.exportHtml': contentExportIn('html'),
  'content.exportMarkdown': contentExportIn('markdown'),
  'keywords.exportCsv': async ({ engine, account, params }) =>
    new RawResult(await engine.exports.keywords(account, param(params, 'projectId'), { format: 'csv' })),
  'aiVisibility.exportJson': async ({ engine, account, params }) =>
    new RawResult(await engine.exports.aiVisibility(account, param(params, 'projectId'), { format: 'json' })),
  'exports.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.exports.create(account, param(params, 'projectId'), body, recordAnswer),
  'exports.retrieve': ({ engine, account, params, request }) =>
    engine.exports.retrieve(account, param(params, 'projectId'), param(params, 'exportId'), {
      baseUrl: request.baseUrl,
    }),
  // No account: the signed URL is the credential.
  'exports.download': downloadIn(undefined),
  // One format at a path of its own (`download.zip`): the same signed link, that format only.
  'exports.downloadJson': downloadIn('json'),
  'exports.downloadZip': downloadIn('csv'),
  'exports.downloadPdf': downloadIn('pdf'),
};

function downloadIn(format: BulkExportFormat | undefined): OperationHandler {
  return async ({ engine, params, query }) =>
    new RawResult(
      await engine.exports.download(param(params, 'projectId'), param(params, 'exportId'), query, format),
    );
}

function contentExportIn(format: string): OperationHandler {
  return async ({ engine, account, params }) =>
    new RawResult(await engine.exports.content(account, param(params, 'projectId'), { format }));
}

function param(params: Record<string, string>, name: string): string {
  return params[name] ?? '';
}
