import type { Color } from '@cantoo/pdf-lib';
import { formatChange, formatCount, formatPosition, formatQuantity, formatScore } from './pdf-report-format';
import { COLORS, type ReportLayout } from './pdf-report-layout';
import type { ProjectReportKeyword } from './project-report-data';

interface Column {
  title: string;
  /** Width in points; the keyword column takes what the others leave. */
  width: number;
  align: 'left' | 'right';
  value(row: ProjectReportKeyword): string;
  color?(row: ProjectReportKeyword): Color;
}

const ROW_HEIGHT = 15;
const HEADER_HEIGHT = 18;
const PADDING = 6;
const CELL = { size: 8.5 };
const HEADER_CELL = { size: 8, bold: true, color: COLORS.muted };

const changeColor = (row: ProjectReportKeyword): Color =>
  row.change === null || row.change === 0 ? COLORS.ink : row.change > 0 ? COLORS.good : COLORS.bad;

const NUMERIC_COLUMNS: readonly Column[] = [
  { title: 'Volume', width: 50, align: 'right', value: (row) => formatCount(row.volume) },
  { title: 'Position', width: 50, align: 'right', value: (row) => formatPosition(row.position) },
  {
    title: 'Change',
    width: 46,
    align: 'right',
    value: (row) => formatChange(row.change),
    color: changeColor,
  },
  { title: 'Impressions', width: 64, align: 'right', value: (row) => formatCount(row.impressions) },
  { title: 'Clicks', width: 48, align: 'right', value: (row) => formatCount(row.clicks) },
  {
    title: 'Opportunity',
    width: 62,
    align: 'right',
    value: (row) => formatScore(row.opportunity_score, true),
  },
];

/**
 * The keyword table, in the order given. It flows over as many pages as it needs: a row never
 * crosses the bottom margin, and every page it continues on repeats the title and column headers.
 * `total` is how many keywords the project tracks, when the table lists only some of them.
 */
export function drawKeywordTable(
  layout: ReportLayout,
  keywords: readonly ProjectReportKeyword[],
  total = keywords.length,
): void {
  layout.heading('Keywords', keywords.length === 0 ? 16 : HEADER_HEIGHT + ROW_HEIGHT * 3);
  if (keywords.length === 0) {
    layout.note('No keywords tracked in this period.');
    return;
  }
  layout.text(
    `${total > keywords.length ? `${formatCount(keywords.length)} of ` : ''}${formatQuantity(total, 'keyword')} tracked. ` +
      'Change is the number of places moved up (+) or down (-).',
    layout.left,
    layout.y,
    { size: 9, color: COLORS.muted },
    layout.width,
  );
  layout.moveDown(12);

  const keywordWidth = layout.width - NUMERIC_COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const columns: Column[] = [
    { title: 'Keyword', width: keywordWidth, align: 'left', value: (row) => row.keyword },
    ...NUMERIC_COLUMNS,
  ];
  drawHeaderRow(layout, columns);
  keywords.forEach((row, index) => {
    if (layout.ensureSpace(ROW_HEIGHT)) {
      layout.moveDown(4);
      layout.text('Keywords (continued)', layout.left, layout.y, { size: 11, bold: true });
      layout.moveDown(12);
      drawHeaderRow(layout, columns);
    }
    const bottom = layout.y - ROW_HEIGHT;
    if (index % 2 === 1) layout.rect(layout.left, bottom, layout.width, ROW_HEIGHT, COLORS.band);
    drawCells(layout, columns, bottom + 4.5, (column) => ({
      text: column.value(row),
      style: { ...CELL, color: column.color?.(row) ?? COLORS.ink },
    }));
    layout.moveDown(ROW_HEIGHT);
  });
  layout.line(layout.left, layout.y, layout.right, layout.y, COLORS.rule, 0.5);
  layout.moveDown(8);
}

function drawHeaderRow(layout: ReportLayout, columns: readonly Column[]): void {
  layout.ensureSpace(HEADER_HEIGHT + ROW_HEIGHT);
  const bottom = layout.y - HEADER_HEIGHT;
  layout.rect(layout.left, bottom, layout.width, HEADER_HEIGHT, COLORS.track);
  drawCells(layout, columns, bottom + 6, (column) => ({ text: column.title, style: HEADER_CELL }));
  layout.moveDown(HEADER_HEIGHT);
}

function drawCells(
  layout: ReportLayout,
  columns: readonly Column[],
  baseline: number,
  cellOf: (column: Column) => { text: string; style: { size: number; bold?: boolean; color: Color } },
): void {
  let x = layout.left;
  for (const column of columns) {
    const { text, style } = cellOf(column);
    const fitted = layout.fit(text, column.width - 2 * PADDING, style);
    if (column.align === 'right') layout.textRight(fitted, x + column.width - PADDING, baseline, style);
    else layout.text(fitted, x + PADDING, baseline, style);
    x += column.width;
  }
}
