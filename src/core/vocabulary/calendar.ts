import type { CandleInterval } from './enums.js';

/** India Standard Time's offset from UTC, +05:30 all year (no daylight saving), in milliseconds. */
export const IST_OFFSET_MS = 330 * 60_000;

/** Milliseconds in one day: IST keeps no daylight saving, so every day is this long. */
export const DAY_MS = 86_400_000;

/** The month names the broker writes (`24-NOV-2026`, `NIFTY24NOV26C25000`), January first. */
export const MONTHS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;

/** The month (1-12) a month name stands for, in any letter case; 0 when it names none. */
export function monthNumber(name: string): number {
  return (MONTHS as readonly string[]).indexOf(name.toUpperCase()) + 1;
}

/** How long one candle lasts: its interval's minutes, or a day for `D`. */
export function candleIntervalMs(interval: CandleInterval): number {
  return interval === 'D' ? DAY_MS : Number(interval) * 60_000;
}

/** The weekdays' names, Sunday first: index them with a weekday number (0 Sunday … 6 Saturday). */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Whether a weekday number (0 Sunday … 6 Saturday) is a Saturday or a Sunday, when no exchange trades. */
export function isWeekend(weekday: number): boolean {
  return weekday === 0 || weekday === 6;
}

/**
 * The regular session of NSE, BSE and NFO in IST minutes after midnight: 09:15 up to (not including) 15:30.
 * Derivatives expire at its close. The order checks, the desk's daily summary and the paper broker's
 * calendar all take it from here.
 */
export const SESSION = { openMinute: 9 * 60 + 15, closeMinute: 15 * 60 + 30 } as const;

/** A minute of the day as a wall-clock time: `09:15`. */
export function clockText(minuteOfDay: number): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
}

/** The session as people read it: `09:15-15:30`. */
export const SESSION_TEXT = `${clockText(SESSION.openMinute)}-${clockText(SESSION.closeMinute)}`;
