import { type OperationHandler, RawResult } from './api-types';

/** Handlers of the export operations, by contract operation id: files are streamed, bulk exports are JSON. */
export const exportApiHandlers: Record<string, OperationHandler> = {
  'content.export': async ({ engine, account, params, request }) =>
    new RawResult(await engine.exports.content(account, param(params, 'id'), request.query)),
  'keywords.export': async ({ engine, account, params, request }) =>
    new RawResult(await engine.exports.keywords(account, param(params, 'id'), request.query)),
  'aiVisibility.export': async ({ engine, account, params, request }) =>
    new RawResult(await engine.exports.aiVisibility(account, param(params, 'id'), request.query)),
  'exports.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.exports.create(account, param(params, 'id'), body, recordAnswer),
  'exports.retrieve': ({ engine, account, params, request }) =>
    engine.exports.retrieve(account, param(params, 'id'), param(params, 'exportId'), {
      baseUrl: request.baseUrl,
    }),
  // No account: the signed URL is the credential.
  'exports.download': async ({ engine, params, request }) =>
    new RawResult(
      await engine.exports.download(param(params, 'id'), param(params, 'exportId'), request.query),
    ),
};

function param(params: Record<string, string>, name: string): string {
  return params[name] ?? '';
}
