import { type Html, html } from './html';

/** `2026-01-01 00:01:20 UTC` for an ISO timestamp or milliseconds, in a `<time>` element. */
export function timeOf(value: string | number | null | undefined): Html {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  const iso = typeof value === 'number' ? new Date(value).toISOString() : value;
  return html`<time datetime="${iso}">${readableTime(iso)}</time>`;
}

/** `2026-01-01 00:01:20 UTC` from an ISO timestamp. */
export function readableTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** `in 1 min 20 s`, `3 h 5 min ago`, `now`: the distance from `now` to `at`. */
export function relativeTime(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  if (seconds === 0) return 'now';
  const span = durationText(Math.abs(seconds));
  return seconds > 0 ? `in ${span}` : `${span} ago`;
}

/** `1 d 2 h`, `5 min 3 s`, `40 s`: the two largest units of a number of seconds. */
export function durationText(totalSeconds: number): string {
  const units: [string, number][] = [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  let rest = Math.round(totalSeconds);
  for (const [name, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < 2) parts.push(`${count} ${name}`);
    else if (parts.length > 0) break;
  }
  return parts.length > 0 ? parts.join(' ') : '0 s';
}

/** `1,234` */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** A signed change of position: `▲ 3` (moved up), `▼ 2`, `—` when there is none. */
export function positionChange(change: number | null): Html {
  if (change === null || change === 0) return html`<span class="muted">—</span>`;
  return change > 0
    ? html`<span class="up"><span aria-hidden="true">▲</span> ${change}<span class="visually-hidden"> up</span></span>`
    : html`<span class="down"><span aria-hidden="true">▼</span> ${-change}<span class="visually-hidden"> down</span></span>`;
}
