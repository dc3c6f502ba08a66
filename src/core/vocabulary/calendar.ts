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
