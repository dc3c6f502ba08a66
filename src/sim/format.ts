/** The simulator's own formatting of times and numbers as the broker writes them (IST, strings). */
import { IST_OFFSET_MS, MONTHS, monthNumber } from '../core/vocabulary/index.js';

const two = (n: number): string => String(n).padStart(2, '0');

function ist(ms: number): Date {
  return new Date(ms + IST_OFFSET_MS);
}

/** `HH:MM:SS dd-mm-yyyy` (request_time, omstm, orderTime). */
export function timeFirst(ms: number): string {
  const d = ist(ms);
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${dateOnly(ms)}`;
}

/** `dd-mm-yyyy HH:MM:SS` (candle time, fill time, exchange time). */
export function dateFirst(ms: number): string {
  const d = ist(ms);
  return `${dateOnly(ms)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** `HH:MM:SS` (a quote's last trade time). */
export function clockTime(ms: number): string {
  return timeFirst(ms).slice(0, 8);
}

function dateOnly(ms: number): string {
  const d = ist(ms);
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** `DD-MMM-YYYY` (span and greeks expiries). */
export function expiryLong(ms: number): string {
  const d = ist(ms);
  return `${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/** `DDMMMYY` (straddle expiry). */
export function expiryShort(ms: number): string {
  const d = ist(ms);
  return `${two(d.getUTCDate())}${MONTHS[d.getUTCMonth()]}${two(d.getUTCFullYear() % 100)}`;
}

/** A price or amount with fixed decimals; rounding first removes float noise like 0.30000000000000004. */
export function money(value: number, decimals = 2): string {
  const factor = 10 ** decimals;
  return (Math.round(value * factor) / factor).toFixed(decimals);
}

/** An integer count. */
export function count(value: number): string {
  return String(Math.round(value));
}

/** Epoch seconds, as `ssboe` and `ordenttm` carry them. */
export function epochSeconds(ms: number): string {
  return String(Math.floor(ms / 1000));
}

/** The instant of an IST wall-clock date and time, or NaN when the fields do not form one. */
export function istInstant(year: number, month: number, day: number, h = 0, m = 0, s = 0): number {
  const ms = Date.UTC(year, month - 1, day, h, m, s);
  const d = new Date(ms);
  const ok =
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    h < 24 &&
    m < 60 &&
    s < 60;
  return ok ? ms - IST_OFFSET_MS : Number.NaN;
}

/** Parses `dd/mm/yyyy HH:mm:ss` (the candle window), or NaN. */
export function parseSlashed(text: string): number {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  return istInstant(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
}

/** Parses `DD-MMM-YYYY` or `DDMMMYY` to IST midnight of that day, or NaN. */
export function parseExpiryDay(text: string): number {
  const m = /^(\d{1,2})-?([A-Za-z]{3})-?(\d{4}|\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const month = monthNumber(m[2] ?? '');
  const yearText = m[3] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return month === 0 ? Number.NaN : istInstant(year, month, Number(m[1]));
}

/** IST midnight of the day containing `ms`. */
export function istDayStart(ms: number): number {
  const d = ist(ms);
  return istInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}
