import { drawDailyScoreChart, drawPlatformBars } from './pdf-report-charts';
import { formatCount, formatScore } from './pdf-report-format';
import { COLORS, type ReportLayout } from './pdf-report-layout';
import type { ProjectReportPeriod, ProjectReportVisibility } from './project-report-data';

/** The AI-visibility section: key figures, the daily score chart and the per-platform bars. */
export function drawVisibilitySection(
  layout: ReportLayout,
  visibility: ProjectReportVisibility,
  period: ProjectReportPeriod,
): void {
  layout.heading('AI visibility', 280);
  const sum = (values: number[]) =>
    values.reduce((total, value) => total + (Number.isFinite(value) ? value : 0), 0);
  layout.tiles([
    { label: 'Visibility score', value: formatScore(visibility.score), unit: '/ 100' },
    {
      label: 'Citation score',
      value: formatScore(visibility.citation_score),
      unit: '/ 100',
      color: COLORS.good,
    },
    {
      label: 'AI responses',
      value: formatCount(sum(visibility.platforms.map((platform) => platform.responses))),
      color: COLORS.muted,
    },
    {
      label: 'Brand mentions',
      value: formatCount(sum(visibility.platforms.map((platform) => platform.mentions))),
      color: COLORS.warn,
    },
  ]);

  layout.subheading('Daily visibility score', 200);
  drawDailyScoreChart(layout, visibility.daily, period);

  layout.subheading('By platform');
  if (visibility.platforms.length === 0) layout.note('No AI platform data in this period.');
  else drawPlatformBars(layout, visibility.platforms);
}
