import { IST_OFFSET_MS, MONTHS, monthNumber } from '../vocabulary/calendar.js';

/** Calendar fields of an instant as seen in India Standard Time. */
export interface IstParts {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 Sunday … 6 Saturday. */
  readonly weekday: number;
}

/** The IST calendar fields of an epoch-millisecond instant. */
export function istParts(epochMs: number): IstParts {
  const d = new Date(epochMs + IST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** The instant of an IST wall-clock time; returns NaN when the fields do not form a real date. */
export function fromIst(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  const valid =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60 &&
    second >= 0 &&
    second < 60;
  return valid ? ms - IST_OFFSET_MS : Number.NaN;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `HH:MM:SS dd-mm-yyyy`: request_time, omstm, orderTime. */
export function formatTimeFirst(epochMs: number): string {
  const p = istParts(epochMs);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ${pad(p.day)}-${pad(p.month)}-${p.year}`;
}

/** `dd-mm-yyyy HH:MM:SS`: candle time, fill time, exchange time. */
export function formatDateFirst(epochMs: number): string {
  const p = istParts(epochMs);
  return `${pad(p.day)}-${pad(p.month)}-${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `dd/mm/yyyy HH:mm:ss`: the candle request window. */
export function formatSlashed(epochMs: number): string {
  return formatDateFirst(epochMs).replaceAll('-', '/');
}

/** `DD-MMM-YYYY`: option-greeks and span expiry. */
export function formatExpiryLong(epochMs: number): string {
  const p = istParts(epochMs);
  return `${pad(p.day)}-${MONTHS[p.month - 1]}-${p.year}`;
}

/** `DDMMMYY`: the straddle expiry and the middle of derivative trading symbols. */
export function formatExpiryShort(epochMs: number): string {
  const p = istParts(epochMs);
  return `${pad(p.day)}${MONTHS[p.month - 1]}${pad(p.year % 100)}`;
}

const TIME_FIRST = /^(\d{2}):(\d{2}):(\d{2}) (\d{2})[-/](\d{2})[-/](\d{4})$/;
const DATE_FIRST = /^(\d{2})[-/](\d{2})[-/](\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const EXPIRY_LONG = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/;
const EXPIRY_SHORT = /^(\d{2})([A-Za-z]{3})(\d{2})$/;

/**
 * Parses any of the broker's timestamp forms (`HH:MM:SS dd-mm-yyyy`, `dd-mm-yyyy HH:MM:SS`, with `-`
 * or `/`) as IST; returns undefined for anything else and for the `01-01-1980` "not known" sentinel.
 */
export function parseBrokerTime(text: string): number | undefined {
  const t = text.trim();
  let ms = Number.NaN;
  const a = TIME_FIRST.exec(t);
  if (a)
    ms = fromIst(+(a[6] ?? ''), +(a[5] ?? ''), +(a[4] ?? ''), +(a[1] ?? ''), +(a[2] ?? ''), +(a[3] ?? ''));
  const b = DATE_FIRST.exec(t);
  if (b)
    ms = fromIst(+(b[3] ?? ''), +(b[2] ?? ''), +(b[1] ?? ''), +(b[4] ?? ''), +(b[5] ?? ''), +(b[6] ?? ''));
  if (Number.isNaN(ms) || istParts(ms).year <= 1980) return undefined;
  return ms;
}

/** Parses `DD-MMM-YYYY` or `DDMMMYY` (month names in any case) to the instant of that IST midnight. */
export function parseExpiry(text: string): number | undefined {
  const t = text.trim();
  const long = EXPIRY_LONG.exec(t);
  const short = EXPIRY_SHORT.exec(t);
  const match = long ?? short;
  if (!match) return undefined;
  const month = monthNumber(match[2] ?? '');
  const year = long ? +(match[3] ?? '') : 2000 + +(match[3] ?? '');
  const ms = fromIst(year, month, +(match[1] ?? ''));
  return month === 0 || Number.isNaN(ms) ? undefined : ms;
}

/** The instant of 00:00 IST on the IST calendar day containing `epochMs`. */
export function istMidnight(epochMs: number): number {
  const p = istParts(epochMs);
  return fromIst(p.year, p.month, p.day);
}

/** `YYYY-MM-DD` of the IST calendar day containing `epochMs`. */
export function istDate(epochMs: number): string {
  const p = istParts(epochMs);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** ISO 8601 with the +05:30 offset, for people and models reading a result. */
export function toIstIso(epochMs: number): string {
  const p = istParts(epochMs);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}+05:30`;
}
