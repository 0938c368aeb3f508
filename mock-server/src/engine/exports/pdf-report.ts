import { PDFDocument } from '@cantoo/pdf-lib';
import { drawContentSection } from './pdf-report-content';
import { formatCount, formatScore, formatTimestamp } from './pdf-report-format';
import { drawKeywordTable } from './pdf-report-keywords';
import { COLORS, PAGE_HEIGHT, PAGE_WIDTH, ReportLayout, type Tile } from './pdf-report-layout';
import { drawVisibilitySection } from './pdf-report-visibility';
import type { ProjectReportData } from './project-report-data';

export type * from './project-report-data';

/** Written in the PDF's Creator and Producer fields; fixed, so that the bytes depend only on the data. */
export const PDF_REPORT_CREATOR = 'Rankquill mock server';
export const PDF_REPORT_PRODUCER = 'Rankquill project report (pdf-lib)';

/**
 * Renders the project report of a bulk export in `pdf` format: a header with the project and
 * the period, key figures, then the content summary, the AI-visibility score with its daily chart
 * and per-platform bars, and the keyword table over as many A4 pages as it needs. Sections left
 * out of `data` are skipped; empty ones say so. Text uses the standard PDF fonts, so characters
 * outside WinAnsi are transliterated or shown as `?` (see `toWinAnsi`); nothing throws on them.
 * The same data gives byte-identical output: the document dates come from `generated_at`, and
 * nothing reads a clock or a random source. Runs in Node, browsers and workers.
 *
 * @throws RangeError when `generated_at` is not an ISO 8601 timestamp.
 * @example
 * ```ts
 * const pdf = await renderProjectReportPdf({
 *   project: { name: 'Acme', domain: 'acme.example', language: 'en' },
 *   generated_at: '2026-02-01T00:00:00.000Z',
 *   period: { from: '2026-01-01', to: '2026-01-31' },
 *   keywords: [],
 * });
 * // pdf: Uint8Array starting with '%PDF-'
 * ```
 */
export async function renderProjectReportPdf(data: ProjectReportData): Promise<Uint8Array> {
  const generatedAt = Date.parse(data.generated_at);
  if (Number.isNaN(generatedAt)) {
    throw new RangeError(
      `generated_at must be an ISO 8601 timestamp, got ${JSON.stringify(data.generated_at)}`,
    );
  }
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { project, period } = data;
  doc.setTitle(`${project.name}: project report, ${period.from} to ${period.to}`);
  doc.setSubject(`Content, keywords and AI visibility of ${project.domain}`);
  doc.setAuthor('Rankquill');
  doc.setCreator(PDF_REPORT_CREATOR);
  doc.setProducer(PDF_REPORT_PRODUCER);
  doc.setLanguage('en');
  doc.setCreationDate(new Date(generatedAt));
  doc.setModificationDate(new Date(generatedAt));

  const layout = await ReportLayout.open(doc);
  drawHeader(layout, data);
  layout.tiles(summaryTiles(data));
  if (data.content) drawContentSection(layout, data.content);
  if (data.visibility) drawVisibilitySection(layout, data.visibility, period);
  if (data.keywords) drawKeywordTable(layout, data.keywords, keywordsTotal(data));
  if (!data.content && !data.visibility && !data.keywords) {
    layout.note(
      'This report has no section: the export asked for none of content, keywords or ai-visibility.',
    );
  }
  layout.drawFooters(`${project.name} · Project report · ${period.from} to ${period.to}`);
  return doc.save({ useObjectStreams: true });
}

function drawHeader(layout: ReportLayout, { project, period, generated_at }: ProjectReportData): void {
  layout.rect(0, PAGE_HEIGHT - 8, PAGE_WIDTH, 8, COLORS.accent);
  layout.text('PROJECT REPORT', layout.left, layout.y, { size: 9, bold: true, color: COLORS.accent });
  layout.moveDown(26);
  layout.text(project.name, layout.left, layout.y, { size: 24, bold: true }, layout.width);
  layout.moveDown(18);
  layout.text(
    `${project.domain} · Language: ${project.language.toUpperCase()}`,
    layout.left,
    layout.y,
    { size: 11, color: COLORS.muted },
    layout.width,
  );
  layout.moveDown(14);

  const bandHeight = 34;
  const bottom = layout.y - bandHeight;
  layout.rect(layout.left, bottom, layout.width, bandHeight, COLORS.band);
  const columns = [
    { label: 'Period', value: `${period.from} to ${period.to}` },
    { label: 'Generated', value: formatTimestamp(generated_at) },
  ];
  const columnWidth = layout.width / columns.length;
  columns.forEach(({ label, value }, index) => {
    const x = layout.left + 12 + index * columnWidth;
    layout.text(label, x, bottom + 21, { size: 8, color: COLORS.muted });
    layout.text(value, x, bottom + 8, { size: 10, bold: true }, columnWidth - 20);
  });
  layout.y = bottom - 16;
}

/** Keywords the project tracks: `keywords_total` when the table holds only some of them. */
function keywordsTotal({ keywords, keywords_total }: ProjectReportData): number {
  const listed = keywords?.length ?? 0;
  return typeof keywords_total === 'number' && Number.isFinite(keywords_total) && keywords_total > listed
    ? keywords_total
    : listed;
}

/** The figures a reader wants first, one per section the export includes. */
function summaryTiles(data: ProjectReportData): Tile[] {
  const { content, keywords, visibility } = data;
  const tiles: Tile[] = [];
  if (content) {
    tiles.push({ label: 'Content items', value: formatCount(content.total) });
    tiles.push({ label: 'Published', value: formatCount(content.by_status.published), color: COLORS.good });
  }
  if (keywords)
    tiles.push({ label: 'Keywords tracked', value: formatCount(keywordsTotal(data)), color: COLORS.warn });
  if (visibility) {
    tiles.push({ label: 'AI visibility score', value: formatScore(visibility.score), unit: '/ 100' });
  }
  return tiles;
}
