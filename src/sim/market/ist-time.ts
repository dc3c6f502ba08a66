import { DAY_MS, IST_OFFSET_MS, MONTHS } from '../../core/vocabulary/index.js';

/** A calendar date as numbers; `month` is 1-12. */
export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The IST calendar day of an instant, counted in whole days since 1970-01-01. */
export function istDay(at: number): number {
  return Math.floor((at + IST_OFFSET_MS) / DAY_MS);
}

/** The instant of 00:00 IST on a day number. */
export function istDayStart(day: number): number {
  return day * DAY_MS - IST_OFFSET_MS;
}

/** The instant of an IST wall-clock time on a day number. */
export function istTime(day: number, hour: number, minute = 0, second = 0): number {
  return istDayStart(day) + ((hour * 60 + minute) * 60 + second) * 1000;
}

/** Day of the week of a day number: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The day number of a calendar date. */
export function dayOfDate(year: number, month: number, dayOfMonth: number): number {
  return Math.floor(Date.UTC(year, month - 1, dayOfMonth) / DAY_MS);
}

/** The calendar date of a day number. */
export function dateOfDay(day: number): CivilDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Parses `YYYY-MM-DD` to a day number; undefined when it is not a real date. */
export function parseDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = dayOfDate(year, month, dayOfMonth);
  const back = dateOfDay(day);
  return back.year === year && back.month === month && back.day === dayOfMonth ? day : undefined;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `DDMMMYY`, the middle of derivative trading symbols (`24NOV26`). */
export function expiryCode(day: number): string {
  const d = dateOfDay(day);
  return `${pad(d.day)}${MONTHS[d.month - 1]}${pad(d.year % 100)}`;
}

/** `DD-MMM-YYYY`, the expiry form of the instrument master and the span calculator. */
export function expiryText(day: number): string {
  const d = dateOfDay(day);
  return `${pad(d.day)}-${MONTHS[d.month - 1]}-${d.year}`;
}
