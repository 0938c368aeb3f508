import type { z } from 'zod';
import {
  AiVisibilityExport,
  AiVisibilityExportParams,
  BulkExport,
  BulkExportCreateParams,
  BulkExportDocument,
  type BulkExportFormat,
  ContentExport,
  ContentExportParams,
  ExportDownloadParams,
  KeywordExportParams,
} from '../exports';
import { type Operation, op, projectPath } from './operation';

/** Paths of the exports that choose their format by `?format=`, by operation id. */
const EXPORT_PATHS: Record<string, { path: string; what: string }> = {
  'content.export': { path: `${projectPath}/content/export`, what: 'every article (draft and published)' },
  'keywords.export': { path: `${projectPath}/keywords/export`, what: 'tracked keywords' },
  'aiVisibility.export': { path: `${projectPath}/ai-visibility/export`, what: 'AI-visibility data' },
};

/**
 * The export `of` in one format at a path of its own (`export.csv`): one media type, which a
 * generated client can type, where the spec's path answers several by `?format=`.
 */
function exportInOneFormat(
  id: string,
  of: keyof typeof EXPORT_PATHS,
  format: string,
  mediaType: string,
  response?: z.ZodType,
  extension = format,
): Operation {
  const { path, what } = EXPORT_PATHS[of] as { path: string; what: string };
  return op({
    id,
    method: 'GET',
    path: `${path}.${extension}`,
    summary: `Export ${what} as ${format === 'html' ? 'one HTML page' : format === 'markdown' ? 'Markdown' : format.toUpperCase()}, streamed (the \`?format=${format}\` export at a path of its own)`,
    tag: 'Exports',
    auth: 'bearer',
    status: 200,
    ...(response ? { response } : {}),
    responseContentTypes: [mediaType],
    formatOf: { operation: of, format },
  });
}

/**
 * The download of a bulk export in `format` at a path of its own (`download.zip`): one media type,
 * which a generated client can type, where `exports.download` answers the export's own format.
 * The same signed query; an export in another format answers 404 naming its path.
 */
function downloadInOneFormat(
  id: string,
  format: BulkExportFormat,
  mediaType: string,
  extension: string,
  response?: z.ZodType,
): Operation {
  return op({
    id,
    method: 'GET',
    path: `${projectPath}/exports/:exportId/download.${extension}`,
    summary: `Download the file of a ready bulk export in \`${format}\` format (${extension === 'zip' ? 'a ZIP of CSV files' : extension.toUpperCase()}); the signed URL is the credential (no API key)`,
    tag: 'Exports',
    auth: 'none',
    query: ExportDownloadParams,
    status: 200,
    ...(response ? { response } : {}),
    responseContentTypes: [mediaType],
    errorStatuses: [400, 401, 404, 500],
    formatOf: { operation: 'exports.download', format },
  });
}

/**
 * Exports: the streamed exports (by `?format=`, and at a path of their own per format) and the
 * asynchronous bulk exports.
 */
export const exportOperations = [
  op({
    id: 'content.export',
    method: 'GET',
    path: `${projectPath}/content/export`,
    summary: 'Export every article (draft and published) as JSON, CSV, HTML or Markdown, streamed',
    tag: 'Exports',
    auth: 'bearer',
    query: ContentExportParams,
    status: 200,
    response: ContentExport,
    // Text first: a generator that keeps one media type (openapi-python-client keeps the first it
    // knows) then reads every format as text; `export.json` is the typed JSON.
    responseContentTypes: ['text/csv', 'text/html', 'text/markdown', 'application/json'],
  }),
  op({
    id: 'keywords.export',
    method: 'GET',
    path: `${projectPath}/keywords/export`,
    summary: 'Export tracked keywords as CSV, streamed',
    tag: 'Exports',
    auth: 'bearer',
    query: KeywordExportParams,
    status: 200,
    responseContentTypes: ['text/csv'],
  }),
  op({
    id: 'aiVisibility.export',
    method: 'GET',
    path: `${projectPath}/ai-visibility/export`,
    summary:
      'Export AI-visibility topics, prompts, responses, citation scores and platform breakdown as JSON, streamed',
    tag: 'Exports',
    auth: 'bearer',
    query: AiVisibilityExportParams,
    status: 200,
    response: AiVisibilityExport,
    responseContentTypes: ['application/json'],
  }),
  exportInOneFormat('content.exportJson', 'content.export', 'json', 'application/json', ContentExport),
  exportInOneFormat('content.exportCsv', 'content.export', 'csv', 'text/csv'),
  exportInOneFormat('content.exportHtml', 'content.export', 'html', 'text/html'),
  exportInOneFormat('content.exportMarkdown', 'content.export', 'markdown', 'text/markdown', undefined, 'md'),
  exportInOneFormat('keywords.exportCsv', 'keywords.export', 'csv', 'text/csv'),
  exportInOneFormat(
    'aiVisibility.exportJson',
    'aiVisibility.export',
    'json',
    'application/json',
    AiVisibilityExport,
  ),
  op({
    id: 'exports.create',
    method: 'POST',
    path: `${projectPath}/export`,
    summary: 'Start an asynchronous bulk export (JSON, a ZIP of CSVs, or a PDF report)',
    tag: 'Exports',
    auth: 'bearer',
    body: BulkExportCreateParams,
    status: 202,
    response: BulkExport,
  }),
  op({
    id: 'exports.retrieve',
    method: 'GET',
    path: `${projectPath}/exports/:exportId`,
    summary: 'Get a bulk export; when ready it carries a fresh signed download_url',
    tag: 'Exports',
    auth: 'bearer',
    status: 200,
    response: BulkExport,
  }),
  op({
    id: 'exports.download',
    method: 'GET',
    path: `${projectPath}/exports/:exportId/download`,
    summary: 'Download the file of a ready bulk export; the signed URL is the credential (no API key)',
    tag: 'Exports',
    auth: 'none',
    query: ExportDownloadParams,
    status: 200,
    response: BulkExportDocument,
    responseContentTypes: ['application/json', 'application/zip', 'application/pdf'],
    // 400: a query parameter given empty or twice.
    errorStatuses: [400, 401, 404, 500],
  }),
  downloadInOneFormat('exports.downloadJson', 'json', 'application/json', 'json', BulkExportDocument),
  downloadInOneFormat('exports.downloadZip', 'csv', 'application/zip', 'zip'),
  downloadInOneFormat('exports.downloadPdf', 'pdf', 'application/pdf', 'pdf'),
] as const satisfies readonly Operation[];
