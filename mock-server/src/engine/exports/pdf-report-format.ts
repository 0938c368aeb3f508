// How the PDF report writes numbers and dates. Written out by hand rather than with Intl so the
// bytes of a report do not depend on the ICU data of the runtime that renders it.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** Shown in place of a missing or non-numeric figure. */
export const NO_VALUE = '–';

/** A whole number with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const digits = Math.abs(Math.round(value))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < -0.5 ? `-${digits}` : digits;
}

/** A score with one decimal, dropped when it is 0 unless `fixed` (for aligned columns): `62`, `41.5`, `62.0`. */
export function formatScore(value: number, fixed = false): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const rounded = Math.round(value * 10) / 10;
  if (Number.isInteger(rounded) && !fixed) return formatCount(rounded);
  const [whole = '0', decimal = '0'] = Math.abs(rounded).toFixed(1).split('.');
  return `${rounded < 0 ? '-' : ''}${formatCount(Number(whole))}.${decimal}`;
}

/** A count with its noun: `1 keyword`, `2,300 keywords`. */
export function formatQuantity(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${Math.round(count) === 1 ? singular : plural}`;
}

/** A ranking position, or a dash when the keyword does not rank. */
export function formatPosition(position: number | null): string {
  return position === null ? NO_VALUE : formatCount(position);
}

/** A position change with its sign (`+3`, `-2`, `0`), or a dash when unknown. */
export function formatChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return NO_VALUE;
  const text = formatCount(change);
  return change >= 0.5 ? `+${text}` : text;
}

/** `2026-02-01T09:30:00.000Z` → `2026-02-01 09:30 UTC`; anything unparseable is returned as given. */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const text = new Date(ms).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}

/** `2026-02-01T09:30:00.000Z` → `2026-02-01`; anything unparseable is returned as given. */
export function formatDay(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 10);
}

/** Days since the Unix epoch of a `YYYY-MM-DD` date, or null when it is not one. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** A day number as a short axis label: `Jan 5`, or `Jan 5, 2026` with the year. */
export function formatShortDay(day: number, withYear = false): string {
  const date = new Date(day * DAY_MS);
  const label = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return withYear ? `${label}, ${date.getUTCFullYear()}` : label;
}
