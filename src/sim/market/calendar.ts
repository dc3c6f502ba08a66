import { DAY_MS, isWeekend, SESSION } from '../../core/vocabulary/index.js';
import { istDay, istTime, parseDate, weekdayOf } from './ist-time.js';
import type { MarketCalendar } from './types.js';

/** Trading hours: `always` (each IST calendar day is a session) or `real` (09:15-15:30, Mon-Fri). */
export type MarketHours = MarketCalendar['hours'];

/** The calendar the price model works with: session days, their bounds, and where an instant falls. */
export interface TradingCalendar extends MarketCalendar {
  /** Seconds in one session: 22,500 in real hours, 86,400 in always mode. */
  readonly sessionSeconds: number;
  /** Sessions in a year, for scaling annual volatility to a day. */
  readonly sessionsPerYear: number;
  isSessionDay(day: number): boolean;
  /** Open and close instants of a session day (close is exclusive for trading, inclusive for prices). */
  bounds(day: number): { readonly open: number; readonly close: number };
  previousSessionDay(day: number): number;
  nextSessionDay(day: number): number;
  /** The session whose prices apply at `at` and the whole second reached in it (its last second when closed). */
  locate(at: number): { readonly day: number; readonly second: number };
}

const REAL_SECONDS = (SESSION.closeMinute - SESSION.openMinute) * 60;
// No calendar leaves a market shut for a year; stepping further means a broken holiday list.
const MAX_STEP = 400;

/** A calendar for the given hours; holidays (`YYYY-MM-DD`) apply in real hours only. */
export function createCalendar(hours: MarketHours, holidays: readonly string[] = []): TradingCalendar {
  const closed = new Set<number>();
  for (const text of holidays) {
    const day = parseDate(text);
    if (day === undefined) throw new RangeError(`holiday is not a YYYY-MM-DD date: ${text}`);
    closed.add(day);
  }
  const real = hours === 'real';
  const sessionSeconds = real ? REAL_SECONDS : DAY_MS / 1000;
  const isSessionDay = (day: number): boolean => {
    if (!real) return true;
    return !isWeekend(weekdayOf(day)) && !closed.has(day);
  };
  const step = (day: number, by: -1 | 1): number => {
    for (let d = day + by, n = 0; n < MAX_STEP; d += by, n++) if (isSessionDay(d)) return d;
    throw new RangeError('no trading session within a year: check the holiday list');
  };
  const bounds = (day: number) => {
    const open = istTime(day, 0, real ? SESSION.openMinute : 0);
    return { open, close: open + sessionSeconds * 1000 };
  };
  return {
    hours,
    sessionSeconds,
    sessionsPerYear: real ? 248 : 365,
    isSessionDay,
    bounds,
    previousSessionDay: (day) => step(day, -1),
    nextSessionDay: (day) => step(day, 1),
    isOpen(at) {
      const day = istDay(at);
      if (!isSessionDay(day)) return false;
      const { open, close } = bounds(day);
      return at >= open && at < close;
    },
    session(at) {
      const day = istDay(at);
      if (isSessionDay(day) && at < bounds(day).close) return bounds(day);
      return bounds(step(day, 1));
    },
    locate(at) {
      const day = istDay(at);
      if (isSessionDay(day)) {
        const { open } = bounds(day);
        if (at >= open) return { day, second: Math.min(sessionSeconds, Math.floor((at - open) / 1000)) };
      }
      return { day: step(day, -1), second: sessionSeconds };
    },
  };
}
