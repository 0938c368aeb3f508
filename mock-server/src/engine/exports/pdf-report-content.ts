import type { Color } from '@cantoo/pdf-lib';
import { formatCount, formatDay, formatQuantity } from './pdf-report-format';
import { COLORS, type ReportLayout } from './pdf-report-layout';
import {
  type ProjectReportContent,
  type ProjectReportContentCounts,
  RECENT_TITLES_SHOWN,
} from './project-report-data';

const STATUSES: readonly {
  key: keyof ProjectReportContentCounts;
  label: string;
  color: Color;
}[] = [
  { key: 'published', label: 'Published', color: COLORS.good },
  { key: 'draft', label: 'Draft', color: COLORS.muted },
  { key: 'generating', label: 'Generating', color: COLORS.warn },
  { key: 'failed', label: 'Failed', color: COLORS.bad },
];

/** The content section: counts by status, their share as one stacked bar, and the latest published titles. */
export function drawContentSection(layout: ReportLayout, content: ProjectReportContent): void {
  layout.heading('Content');
  layout.text(`${formatQuantity(content.total, 'content item')} in this period`, layout.left, layout.y, {
    color: COLORS.muted,
  });
  layout.moveDown(14);
  layout.tiles(
    STATUSES.map(({ key, label, color }) => ({ label, value: formatCount(content.by_status[key]), color })),
  );
  drawStatusBar(layout, content.by_status);

  layout.subheading('Recently published');
  const recent = content.recent_published.slice(0, RECENT_TITLES_SHOWN);
  if (recent.length === 0) {
    layout.note('No article published in this period.');
    return;
  }
  const dateWidth = 72;
  for (const article of recent) {
    layout.ensureSpace(16);
    layout.text(formatDay(article.published_at), layout.left, layout.y, { size: 9, color: COLORS.muted });
    layout.text(article.title, layout.left + dateWidth, layout.y, {}, layout.width - dateWidth);
    layout.moveDown(16);
  }
}

/** One bar split by status, in proportion to each count; nothing when all counts are 0. */
function drawStatusBar(layout: ReportLayout, counts: ProjectReportContentCounts): void {
  const parts = STATUSES.map(({ key, color }) => ({ count: Math.max(0, counts[key] || 0), color }));
  const sum = parts.reduce((total, part) => total + part.count, 0);
  if (!(sum > 0) || !Number.isFinite(sum)) return;
  const height = 8;
  layout.ensureSpace(height + 8);
  let x = layout.left;
  for (const part of parts) {
    const width = (part.count / sum) * layout.width;
    if (width > 0) layout.rect(x, layout.y - height, width, height, part.color);
    x += width;
  }
  layout.moveDown(height + 8);
}
