import { fromIst, istDate, istParts } from '../time/ist.js';
import type { Exchange } from '../vocabulary/index.js';
import { violation } from './format.js';
import type { TradingPolicy, Violation } from './types.js';

/** The regular session of NSE, BSE and NFO in IST minutes after midnight: 09:15 up to (not including) 15:30. */
export const SESSION = { openMinute: 9 * 60 + 15, closeMinute: 15 * 60 + 30 } as const;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours setting of a policy. */
export type HoursPolicy = Pick<TradingPolicy, 'marketHours' | 'holidays'>;

/** True when a trading day: Monday to Friday (IST) and not a listed holiday. */
export function isTradingDay(epochMs: number, holidays: readonly string[]): boolean {
  const { weekday } = istParts(epochMs);
  return weekday >= 1 && weekday <= 5 && !holidays.includes(istDate(epochMs));
}

/** True when orders may be placed at `epochMs`: always in `always` mode, else within the session of a trading day. */
export function isMarketOpen(epochMs: number, hours: HoursPolicy): boolean {
  if (hours.marketHours === 'always') return true;
  const { hour, minute } = istParts(epochMs);
  const at = hour * 60 + minute;
  return isTradingDay(epochMs, hours.holidays) && at >= SESSION.openMinute && at < SESSION.closeMinute;
}

/** The next session open at or after `epochMs`, looking up to 60 days ahead (undefined past that). */
export function nextMarketOpen(epochMs: number, holidays: readonly string[]): number | undefined {
  const p = istParts(epochMs);
  for (let days = 0; days <= 60; days++) {
    // Date.UTC rolls day 32 into the next month; fromIst would reject it.
    const day = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
    const open = fromIst(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 9, 15);
    if (open >= epochMs && isTradingDay(open, holidays)) return open;
  }
  return undefined;
}

/** The market-hours rule: what is closed, why, and when it opens next. */
export function checkMarketHours(exchange: Exchange, now: number, hours: HoursPolicy): Violation[] {
  if (isMarketOpen(now, hours)) return [];
  const p = istParts(now);
  const clock = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  const date = istDate(now);
  const why = hours.holidays.includes(date)
    ? 'an exchange holiday'
    : p.weekday === 0 || p.weekday === 6
      ? 'a weekend'
      : 'outside 09:15-15:30 IST';
  const next = nextMarketOpen(now, hours.holidays);
  const nextText =
    next === undefined
      ? ''
      : `; it opens next on ${DAYS[istParts(next).weekday]} ${istDate(next)} at 09:15 IST`;
  return [
    violation(
      'MARKET_CLOSED',
      `${exchange} is closed at ${clock} IST on ${DAYS[p.weekday]} ${date} (${why})${nextText}. Place the order when the market is open.`,
      next === undefined ? { now } : { now, nextOpen: next },
    ),
  ];
}
