import type { BulkExportFormat } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';
import type { ProjectRecord } from '../kernel/records';
import { aiVisibilityCsvFiles, aiVisibilityMembers } from './ai-visibility-export';
import { type BulkExportSections, dateRangeInstants, visibilityPeriod } from './bulk-export-sections';
import { byteChunks } from './byte-chunks';
import { contentCsv, exportArticle, exportProject, jsonArrayItems, projectArticles } from './content-export';
import type { ExportRecord } from './export-records';
import { gatherProjectReportData } from './gather-report-data';
import { eachKeyword, keywordCsv } from './keyword-export';
import { type ZipEntry, zipStream } from './zip-stream';

/** Media type and file extension of each bulk export format. */
export const BULK_EXPORT_MEDIA: Record<BulkExportFormat, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  csv: { contentType: 'application/zip', extension: 'zip' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
};

/**
 * The file of a bulk export, produced as it is read:
 * - `json`: one document, `{"object": "bulk_export", …, "content": {"articles": […]}, "keywords":
 *   {"keywords": […]}, "ai_visibility": {"visibility", "daily", "topics", "prompts", "responses"}}`,
 *   with a section per requested type;
 * - `csv`: a ZIP with one CSV per type (`content.csv`, `keywords.csv`, and for AI visibility
 *   `ai-visibility-platforms.csv`, `-daily`, `-topics`, `-prompts`, `-responses`);
 * - `pdf`: the project report.
 * Content is limited to articles created within `date_range`, AI-visibility scores and responses
 * to its days; keywords show their latest figures.
 *
 * @example
 * ```ts
 * await files.write(record.id, bulkExportFile(record, project, sections, clock.now()));
 * ```
 */
export function bulkExportFile(
  record: ExportRecord,
  project: ProjectRecord,
  sections: BulkExportSections,
  now: number,
): AsyncIterable<Uint8Array> {
  switch (record.format) {
    case 'json':
      return byteChunks(bulkJson(record, project, sections, now));
    case 'csv':
      return zipStream(csvEntries(record, project, sections), now);
    case 'pdf':
      return pdfReport(record, project, sections, now);
  }
}

async function* bulkJson(
  record: ExportRecord,
  project: ProjectRecord,
  sections: BulkExportSections,
  now: number,
): AsyncGenerator<string> {
  const head = JSON.stringify({
    object: 'bulk_export',
    id: record.id,
    project: exportProject(project),
    types: record.types,
    date_range: record.date_range,
    generated_at: isoTime(now),
  });
  yield head.slice(0, -1);
  if (record.types.includes('content')) {
    yield ',"content":{"articles":[';
    yield* jsonArrayItems(
      projectArticles(sections.store, project.id, dateRangeInstants(record.date_range)),
      exportArticle,
    );
    yield ']}';
  }
  if (record.types.includes('keywords')) {
    yield ',"keywords":{"keywords":[';
    yield* jsonArrayItems(eachKeyword(await sections.keywordPages()), (keyword) => keyword);
    yield ']}';
  }
  if (record.types.includes('ai-visibility')) {
    yield ',"ai_visibility":{';
    yield* aiVisibilityMembers(sections.aiVisibility, project, visibilityPeriod(record.date_range));
    yield '}';
  }
  yield '}';
}

function* csvEntries(
  record: ExportRecord,
  project: ProjectRecord,
  sections: BulkExportSections,
): Generator<ZipEntry> {
  if (record.types.includes('content')) {
    const articles = projectArticles(sections.store, project.id, dateRangeInstants(record.date_range));
    yield { name: 'content.csv', data: byteChunks(contentCsv(articles)) };
  }
  if (record.types.includes('keywords')) {
    yield {
      name: 'keywords.csv',
      data: byteChunks(lazily(async () => keywordCsv(await sections.keywordPages()))),
    };
  }
  if (record.types.includes('ai-visibility')) {
    for (const file of aiVisibilityCsvFiles(
      sections.aiVisibility,
      project,
      visibilityPeriod(record.date_range),
    )) {
      yield { name: file.name, data: byteChunks(file.rows()) };
    }
  }
}

async function* pdfReport(
  record: ExportRecord,
  project: ProjectRecord,
  sections: BulkExportSections,
  now: number,
): AsyncGenerator<Uint8Array> {
  // The PDF library takes a fifth of a second to load: load it when a PDF export runs, not at startup.
  const { renderProjectReportPdf } = await import('./pdf-report');
  yield await renderProjectReportPdf(await gatherProjectReportData(record, project, sections, now));
}

/** A stream that starts its source only when first read. */
async function* lazily<T>(open: () => Promise<AsyncIterable<T>>): AsyncGenerator<T> {
  yield* await open();
}
