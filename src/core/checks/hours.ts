import { fromIst, istDate, istParts } from '../time/ist.js';
import { clockText, type Exchange, isWeekend, SESSION, SESSION_TEXT, WEEKDAYS } from '../vocabulary/index.js';
import { violation } from './format.js';
import type { TradingPolicy, Violation } from './types.js';

/** The hours setting of a policy. */
export type HoursPolicy = Pick<TradingPolicy, 'marketHours' | 'holidays'>;

/** True when a trading day: Monday to Friday (IST) and not a listed holiday. */
export function isTradingDay(epochMs: number, holidays: readonly string[]): boolean {
  const { weekday } = istParts(epochMs);
  return !isWeekend(weekday) && !holidays.includes(istDate(epochMs));
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
    const [hour, minute] = [Math.floor(SESSION.openMinute / 60), SESSION.openMinute % 60];
    const open = fromIst(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, minute);
    if (open >= epochMs && isTradingDay(open, holidays)) return open;
  }
  return undefined;
}

/** The market-hours rule: what is closed, why, and when it opens next. */
export function checkMarketHours(exchange: Exchange, now: number, hours: HoursPolicy): Violation[] {
  if (isMarketOpen(now, hours)) return [];
  const p = istParts(now);
  const clock = clockText(p.hour * 60 + p.minute);
  const date = istDate(now);
  const why = hours.holidays.includes(date)
    ? 'an exchange holiday'
    : isWeekend(p.weekday)
      ? 'a weekend'
      : `outside ${SESSION_TEXT} IST`;
  const next = nextMarketOpen(now, hours.holidays);
  const nextText =
    next === undefined
      ? ''
      : `; it opens next on ${WEEKDAYS[istParts(next).weekday]} ${istDate(next)} at ${clockText(SESSION.openMinute)} IST`;
  return [
    violation(
      'MARKET_CLOSED',
      `${exchange} is closed at ${clock} IST on ${WEEKDAYS[p.weekday]} ${date} (${why})${nextText}. Place the order when the market is open.`,
      next === undefined ? { now } : { now, nextOpen: next },
    ),
  ];
}
