import { LineCapStyle } from '@cantoo/pdf-lib';
import { platformName } from '../ai-visibility/platform-names';
import { dayNumber, formatQuantity, formatScore, formatShortDay } from './pdf-report-format';
import { COLORS, type ReportLayout, round } from './pdf-report-layout';
import type {
  ProjectReportDailyScore,
  ProjectReportPeriod,
  ProjectReportPlatform,
} from './project-report-data';

const SCORE_TICKS = [0, 25, 50, 75, 100];
const MAX_DATE_LABELS = 7;
/** Up to this many points each get a dot; denser series are a plain line. */
const MAX_DOTTED_POINTS = 45;

interface ChartPoint {
  x: number;
  y: number;
}

const clampScore = (score: number): number => Math.min(100, Math.max(0, score));

/**
 * A line chart of the daily visibility score: a 0–100 axis with gridlines every 25, dates under
 * the x axis, an area under the line, and the latest value written at its point. Days run from
 * the start of the period (or the first point, if earlier) to its end; a null score breaks the line.
 */
export function drawDailyScoreChart(
  layout: ReportLayout,
  daily: readonly ProjectReportDailyScore[],
  period: ProjectReportPeriod,
): void {
  const height = 190;
  layout.ensureSpace(height + 10);
  const top = layout.y;
  const plot = { left: layout.left + 30, right: layout.right - 14, top: top - 8, bottom: top - height + 24 };
  layout.y = top - height - 10;

  const points = daily
    .map((entry) => ({
      day: dayNumber(entry.date),
      score: typeof entry.score === 'number' && Number.isFinite(entry.score) ? entry.score : null,
    }))
    .filter((entry): entry is { day: number; score: number | null } => entry.day !== null)
    .sort((a, b) => a.day - b.day);
  const scored = points.filter((point) => point.score !== null);
  if (scored.length === 0) {
    layout.rect(plot.left, plot.bottom, plot.right - plot.left, plot.top - plot.bottom, COLORS.band);
    layout.textCentered(
      'No daily visibility data in this period.',
      (plot.left + plot.right) / 2,
      (plot.top + plot.bottom) / 2 - 3,
      { color: COLORS.muted },
    );
    return;
  }

  const days = [dayNumber(period.from), dayNumber(period.to), ...points.map((point) => point.day)].filter(
    (day) => day !== null,
  );
  const first = days.reduce((min, day) => Math.min(min, day));
  const last = days.reduce((max, day) => Math.max(max, day));
  const span = last - first;
  // Over a year of days, a label without the year would be ambiguous.
  const withYear = span > 300;
  const xOf = (day: number): number =>
    round(
      span === 0
        ? (plot.left + plot.right) / 2
        : plot.left + ((day - first) / span) * (plot.right - plot.left),
    );
  const yOf = (score: number): number =>
    round(plot.bottom + (clampScore(score) / 100) * (plot.top - plot.bottom));

  // The area first, so that gridlines stay visible over it.
  const runs = splitIntoRuns(
    points.map((point) => (point.score === null ? null : { x: xOf(point.day), y: yOf(point.score) })),
  );
  for (const run of runs) {
    if (run.length < 2) continue;
    const outline = run.map((point) => `L ${point.x} ${-point.y}`).join(' ');
    const path = `M ${run[0]?.x} ${-plot.bottom} ${outline} L ${run.at(-1)?.x} ${-plot.bottom} Z`;
    layout.page.drawSvgPath(path, { x: 0, y: 0, color: COLORS.area });
  }

  for (const tick of SCORE_TICKS) {
    const y = yOf(tick);
    layout.line(plot.left, y, plot.right, y, tick === 0 ? COLORS.muted : COLORS.grid, tick === 0 ? 0.8 : 0.5);
    layout.textRight(String(tick), plot.left - 6, y - 3, { size: 8, color: COLORS.muted });
  }
  for (const day of dateTicks(first, last)) {
    const x = xOf(day);
    if (day !== first && day !== last) layout.line(x, plot.bottom, x, plot.top, COLORS.grid, 0.5);
    layout.line(x, plot.bottom, x, plot.bottom - 3, COLORS.muted, 0.8);
    const label = formatShortDay(day, withYear);
    const labelWidth = layout.widthOf(label, { size: 8 });
    const center = Math.min(Math.max(x, layout.left + labelWidth / 2), layout.right - labelWidth / 2);
    layout.textCentered(label, center, plot.bottom - 13, { size: 8, color: COLORS.muted });
  }
  layout.line(plot.left, plot.bottom, plot.left, plot.top, COLORS.muted, 0.8);

  for (const run of runs) {
    if (run.length >= 2) {
      const path = run.map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x} ${-point.y}`).join(' ');
      layout.page.drawSvgPath(path, {
        x: 0,
        y: 0,
        borderColor: COLORS.accent,
        borderWidth: 1.6,
        borderLineCap: LineCapStyle.Round,
      });
    }
    if (run.length === 1 || scored.length <= MAX_DOTTED_POINTS) {
      for (const point of run)
        layout.page.drawCircle({ x: point.x, y: point.y, size: 2, color: COLORS.accent });
    }
  }

  const latest = scored.at(-1);
  if (latest?.score != null) {
    const x = xOf(latest.day);
    const y = yOf(latest.score);
    const label = formatScore(latest.score);
    const style = { size: 9, bold: true, color: COLORS.accent };
    const width = layout.widthOf(label, style);
    const labelX = Math.min(x + 5, layout.right - width);
    layout.text(label, labelX, y > plot.top - 12 ? y - 12 : y + 5, style);
  }
}

/** Per-platform score bars on a shared 0–100 scale, with each platform's responses and mentions. */
export function drawPlatformBars(layout: ReportLayout, platforms: readonly ProjectReportPlatform[]): void {
  const labelWidth = 118;
  const trackLeft = layout.left + labelWidth;
  const trackWidth = 220;
  const rowHeight = 20;
  const barHeight = 9;
  const caption = { size: 8, color: COLORS.muted };

  layout.ensureSpace(14 + rowHeight);
  layout.text('Platform', layout.left, layout.y, caption);
  layout.text('Score (0–100)', trackLeft, layout.y, caption);
  layout.textRight('Responses / mentions', layout.right, layout.y, caption);
  layout.moveDown(14);

  for (const platform of platforms) {
    layout.ensureSpace(rowHeight);
    const baseline = layout.y - 2;
    const barBottom = baseline - 1;
    layout.text(platformName(platform.platform), layout.left, baseline, {}, labelWidth - 8);
    layout.rect(trackLeft, barBottom, trackWidth, barHeight, COLORS.track);
    for (const quarter of [0.25, 0.5, 0.75]) {
      const x = trackLeft + quarter * trackWidth;
      layout.line(x, barBottom, x, barBottom + barHeight, COLORS.white, 0.5);
    }
    const score = Number.isFinite(platform.score) ? clampScore(platform.score) : 0;
    if (score > 0)
      layout.rect(trackLeft, barBottom, round((score / 100) * trackWidth), barHeight, COLORS.accent);
    layout.text(formatScore(platform.score), trackLeft + trackWidth + 8, baseline, { bold: true });
    layout.textRight(
      `${formatQuantity(platform.responses, 'response')} · ${formatQuantity(platform.mentions, 'mention')}`,
      layout.right,
      baseline,
      { size: 9, color: COLORS.muted },
    );
    layout.moveDown(rowHeight);
  }
}

/** Consecutive non-null points; a null ends one run and starts the next. */
function splitIntoRuns(points: readonly (ChartPoint | null)[]): ChartPoint[][] {
  const runs: ChartPoint[][] = [];
  let current: ChartPoint[] = [];
  for (const point of points) {
    if (point) current.push(point);
    else if (current.length > 0) {
      runs.push(current);
      current = [];
    }
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/** Evenly spread days to label on the x axis, the first and the last included. */
function dateTicks(first: number, last: number): number[] {
  const span = last - first;
  const count = Math.min(MAX_DATE_LABELS, span + 1);
  if (count <= 1) return [first];
  const ticks = new Set<number>();
  for (let index = 0; index < count; index++) ticks.add(first + Math.round((index * span) / (count - 1)));
  return [...ticks];
}
