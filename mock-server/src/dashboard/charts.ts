import { Html, html } from './html';

/**
 * Charts as inline SVG: drawn on the server, readable with no script and no stylesheet, each
 * with a title and a description for screen readers. Colours are presentation attributes, so
 * the page's policy needs no inline style.
 */

const WIDTH = 480;
const INK = '#344054';
const GRID = '#d0d5dd';
const LINE = '#0b57b3';
const FONT = new Html('font-family="system-ui, sans-serif" font-size="13"');

/** The lowest position an axis reaches, and its labelled positions. */
const TOP_100: [number, number[]] = [100, [1, 25, 50, 75, 100]];
const POSITION_SCALES: [number, number[]][] = [
  [10, [1, 5, 10]],
  [20, [1, 5, 10, 15, 20]],
  [50, [1, 10, 20, 30, 40, 50]],
  TOP_100,
];

export interface RankPoint {
  date: string;
  /** 1–100; null when the site was not in the top 100 that day. */
  position: number | null;
}

/**
 * The position of a keyword day by day, position 1 at the top. Days out of the top 100 break the
 * line. Points are given in any order; they are drawn oldest first.
 */
export function rankHistoryChart(id: string, keyword: string, points: readonly RankPoint[]): Html {
  const days = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const ranked = days.filter((point): point is RankPoint & { position: number } => point.position !== null);
  const height = 240;
  const plot = { left: 40, right: WIDTH - 28, top: 14, bottom: height - 44 };
  const title = `Rank history of “${keyword}”`;
  if (days.length === 0 || ranked.length === 0) {
    return html`<svg class="chart" viewBox="0 0 ${WIDTH} 60" role="img" aria-labelledby="${id}-title"><title id="${id}-title">${title}: ${
      days.length === 0 ? 'no checks yet' : 'not in the top 100 on any day'
    }</title><text x="${WIDTH / 2}" y="34" text-anchor="middle" fill="${INK}" ${FONT}>${
      days.length === 0 ? 'No rank checks yet.' : 'Not in the top 100 on any checked day.'
    }</text></svg>`;
  }
  const worst = Math.max(...ranked.map((point) => point.position));
  const [bottomPosition, ticks] = POSITION_SCALES.find(([limit]) => worst <= limit) ?? TOP_100;
  const yOf = (position: number) =>
    round(plot.top + ((position - 1) / (bottomPosition - 1)) * (plot.bottom - plot.top));
  const xOf = (index: number) =>
    round(
      days.length === 1
        ? (plot.left + plot.right) / 2
        : plot.left + (index / (days.length - 1)) * (plot.right - plot.left),
    );
  let path = '';
  let drawing = false;
  days.forEach((point, index) => {
    if (point.position === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${xOf(index)} ${yOf(point.position)}`;
    drawing = true;
  });
  const labelEvery = Math.max(1, Math.ceil(days.length / 5));
  const first = ranked[0] as RankPoint & { position: number };
  const last = ranked[ranked.length - 1] as RankPoint & { position: number };
  const best = Math.min(...ranked.map((point) => point.position));
  const description = `${days.length} daily checks from ${days[0]?.date} to ${days[days.length - 1]?.date}. Position ${first.position} on ${first.date}, ${last.position} on ${last.date}; best ${best}, worst ${worst}${
    ranked.length < days.length ? `; out of the top 100 on ${days.length - ranked.length} days` : ''
  }.`;
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc"><title id="${id}-title">${title}</title><desc id="${id}-desc">${description}</desc>
<g ${FONT} fill="${INK}">${ticks.map(
    (tick) =>
      html`<line x1="${plot.left}" x2="${plot.right}" y1="${yOf(tick)}" y2="${yOf(tick)}" stroke="${GRID}"/><text x="${plot.left - 6}" y="${yOf(tick) + 4}" text-anchor="end">${tick}</text>`,
  )}${days.map((point, index) =>
    index % labelEvery === 0 || index === days.length - 1
      ? html`<text x="${xOf(index)}" y="${plot.bottom + 18}" text-anchor="middle">${point.date.slice(5)}</text>`
      : '',
  )}<text x="${plot.left}" y="${height - 6}">Position (1 is the top); dates are UTC days</text></g>
<path d="${path}" fill="none" stroke="${LINE}" stroke-width="2.5" stroke-linejoin="round"/>
${days.map((point, index) =>
  point.position === null
    ? ''
    : html`<circle cx="${xOf(index)}" cy="${yOf(point.position)}" r="3.5" fill="${LINE}"><title>${point.date}: position ${point.position}</title></circle>`,
)}</svg>`;
}

export interface PlatformScore {
  platform: string;
  /** 0–100. */
  score: number;
  responses: number;
}

/** A horizontal bar per platform, 0 to 100, with its score written beside the bar. */
export function platformScoreChart(
  id: string,
  platforms: readonly PlatformScore[],
  nameOf: (platform: string) => string,
): Html {
  const rowHeight = 30;
  const labelWidth = 160;
  const barMax = WIDTH - labelWidth - 56;
  const height = platforms.length * rowHeight + 30;
  const description = platforms
    .map((entry) => `${nameOf(entry.platform)} ${entry.score} (${entry.responses} answers)`)
    .join('; ');
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc"><title id="${id}-title">Visibility score by AI platform, 0 to 100</title><desc id="${id}-desc">${description}.</desc>
<g ${FONT} fill="${INK}">${[0, 50, 100].map(
    (tick) =>
      html`<line x1="${labelWidth + (tick / 100) * barMax}" x2="${labelWidth + (tick / 100) * barMax}" y1="4" y2="${height - 22}" stroke="${GRID}"/><text x="${labelWidth + (tick / 100) * barMax}" y="${height - 6}" text-anchor="middle">${tick}</text>`,
  )}${platforms.map((entry, index) => {
    const y = 6 + index * rowHeight;
    const width = round((Math.min(100, Math.max(0, entry.score)) / 100) * barMax);
    return html`<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end">${nameOf(entry.platform)}</text><rect x="${labelWidth}" y="${y + 2}" width="${Math.max(width, 1)}" height="${rowHeight - 10}" fill="${LINE}"/><text x="${labelWidth + width + 6}" y="${y + 16}">${entry.score}</text>`;
  })}</g></svg>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
