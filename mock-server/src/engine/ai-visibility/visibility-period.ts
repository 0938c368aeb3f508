import { AI_VISIBILITY_DEFAULT_DAYS, AI_VISIBILITY_MAX_DAYS } from '@rankquill/contract';
import { InvalidRequestError } from '../kernel/errors';
import { DAY_MS, startOfUtcDate, utcDate } from '../kernel/utc-day';

/** A span of UTC days, both included, `YYYY-MM-DD`. */
export interface DatePeriod {
  from: string;
  to: string;
}

/**
 * A period with its missing bounds filled (default: the last 30 days up to `now`, today
 * included) and its length in days; an inverted or too long period is a 400 naming `from`.
 */
export function resolvePeriod(period: Partial<DatePeriod>, now: number): DatePeriod & { days: number } {
  const to = period.to ?? utcDate(now);
  const from = period.from ?? addDays(to, -(AI_VISIBILITY_DEFAULT_DAYS - 1));
  assertOrdered({ from, to });
  const days = Math.round((startOfUtcDate(to) - startOfUtcDate(from)) / DAY_MS) + 1;
  if (days > AI_VISIBILITY_MAX_DAYS) {
    throw new InvalidRequestError(
      `The period ${from} to ${to} covers ${days} days; ask for at most ${AI_VISIBILITY_MAX_DAYS} days at a time.`,
      'from',
    );
  }
  return { from, to, days };
}

/** A 400 naming `from` when it falls after `to`. */
export function assertOrdered(period: DatePeriod): void {
  if (period.from > period.to) {
    throw new InvalidRequestError(
      `\`from\` (${period.from}) is after \`to\` (${period.to}); send a \`from\` on or before \`to\`.`,
      'from',
    );
  }
}

/** `date` moved by `days` (negative: earlier), `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return utcDate(startOfUtcDate(date) + days * DAY_MS);
}
