import { type CsvCell, toCsv } from './csv.ts';
import type { Dashboard } from './dashboard.ts';

const RANKING_HEADER = [
  'keyword',
  'position',
  'change',
  'volume',
  'impressions',
  'clicks',
  'opportunity_score',
];

/** One CSV row per keyword: the columns of the service's keyword export. */
export function rankingsCsv({ rankings }: Dashboard): string {
  return toCsv(
    RANKING_HEADER,
    rankings.map((k) => [
      k.keyword,
      k.position,
      k.change,
      k.volume,
      k.impressions,
      k.clicks,
      k.opportunity_score,
    ]),
  );
}

/** The overall visibility score, then one row per AI platform. */
export function visibilityCsv({ visibility }: Dashboard): string {
  const row = (platform: string, figures: Dashboard['visibility']): CsvCell[] => [
    platform,
    visibility.period.from,
    visibility.period.to,
    figures.score,
    figures.citation_score,
    figures.mention_rate,
    figures.average_position,
    figures.counts.responses,
  ];
  return toCsv(
    ['platform', 'from', 'to', 'score', 'citation_score', 'mention_rate', 'average_position', 'responses'],
    [
      row('all', visibility),
      ...visibility.platforms.map((platform) => row(platform.platform, { ...visibility, ...platform })),
    ],
  );
}

/** A plain-text table with aligned columns, numbers to the right. */
export function textTable(header: string[], rows: CsvCell[][]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === null ? '-' : String(cell))))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const isNumber = (cell: CsvCell | undefined) =>
    cell === null || typeof cell === 'number' || /^[+-]?\d+(\.\d+)?$/.test(cell ?? '');
  const numeric = header.map((_, column) => rows.every((row) => isNumber(row[column])));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    line(cells[0] ?? []),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

/** What the command prints: the rankings table, then the visibility score and its platforms. */
export function consoleReport(dashboard: Dashboard): string {
  const { rankings, visibility } = dashboard;
  const up = (change: number | null) => (change === null ? null : change > 0 ? `+${change}` : String(change));
  const rankingTable = textTable(
    ['keyword', 'position', 'change', 'volume', 'clicks', 'opportunity'],
    rankings.map((k) => [k.keyword, k.position, up(k.change), k.volume, k.clicks, k.opportunity_score]),
  );
  const platformTable = textTable(
    ['platform', 'score', 'citation', 'mentions %', 'answers'],
    visibility.platforms.map((p) => [
      p.platform,
      p.score,
      p.citation_score,
      p.mention_rate,
      p.counts.responses,
    ]),
  );
  return [
    `Keyword rankings (${rankings.length})`,
    rankingTable,
    '',
    `AI visibility ${visibility.period.from} to ${visibility.period.to}: score ${visibility.score}, citation score ${visibility.citation_score}, mentioned in ${visibility.mention_rate}% of ${visibility.counts.responses} answers`,
    platformTable,
  ].join('\n');
}
