import { showPrice } from '../checks/index.js';
import type { Candle } from '../domain/candle.js';
import { istParts } from '../time/ist.js';
import { type CandleInterval, MONTHS } from '../vocabulary/index.js';

const pad = (n: number): string => String(n).padStart(2, '0');

/** The bar size as people say it: `5 min`, `1 hour`, `daily`. */
export function intervalWords(interval: CandleInterval): string {
  if (interval === 'D') return 'daily';
  const minutes = Number(interval);
  return minutes >= 60 ? `${minutes / 60} hour` : `${minutes} min`;
}

/** `Nov`, the IST month's short name (1-12). */
export function monthName(month: number): string {
  const name = MONTHS[month - 1];
  return name === undefined ? '?' : name.charAt(0) + name.slice(1).toLowerCase();
}

/** `20 Nov`, the IST day of an instant. */
export function dayMonth(epochMs: number): string {
  const p = istParts(epochMs);
  return `${pad(p.day)} ${monthName(p.month)}`;
}

/** `20 Nov 2026`, the IST date of an instant. */
export function fullDate(epochMs: number): string {
  return `${dayMonth(epochMs)} ${istParts(epochMs).year}`;
}

/** `09:15`, the IST wall-clock time of an instant. */
export function clockTime(epochMs: number): string {
  const p = istParts(epochMs);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The span of bar starts: dates alone for daily bars, else times in IST with the date once when it repeats. */
export function windowText(first: Candle, last: Candle, interval: CandleInterval, arrow = '–'): string {
  if (interval === 'D') {
    return first.epochMs === last.epochMs
      ? fullDate(first.epochMs)
      : `${fullDate(first.epochMs)} ${arrow} ${fullDate(last.epochMs)}`;
  }
  const start = `${fullDate(first.epochMs)} ${clockTime(first.epochMs)}`;
  if (first.epochMs === last.epochMs) return `${start} IST`;
  const sameDay = fullDate(first.epochMs) === fullDate(last.epochMs);
  const end = sameDay ? clockTime(last.epochMs) : `${fullDate(last.epochMs)} ${clockTime(last.epochMs)}`;
  return `${start} ${arrow} ${end} IST`;
}

/** A price at the instrument's precision (never fewer than two decimals, as elsewhere in omsdesk). */
export function priceText(price: number, tick: number): string {
  return showPrice(price, tick);
}

/** A volume in few characters with Indian units: `950`, `12.3K`, `4.56L`, `1.2Cr`. */
export function compactVolume(volume: number): string {
  const short = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
  if (volume >= 1e7) return `${short(volume / 1e7)}Cr`;
  if (volume >= 1e5) return `${short(volume / 1e5)}L`;
  if (volume >= 1e3) return `${short(volume / 1e3)}K`;
  return volume.toFixed(0);
}

/** The move from the window's first open to its last close, and in percent (absent when it opened at 0). */
export interface WindowChange {
  readonly change: number;
  readonly percent: number | undefined;
}

/** How far the window moved, rounded to the core's price precision so floats do not show noise. */
export function windowChange(candles: readonly Candle[]): WindowChange | undefined {
  const first = candles[0];
  const last = candles.at(-1);
  if (first === undefined || last === undefined) return undefined;
  const change = Math.round((last.close - first.open) * 10_000) / 10_000;
  return { change, percent: first.open === 0 ? undefined : (change / Math.abs(first.open)) * 100 };
}

/** `+10.05 (+0.41%)`, or `-3.00 (-0.12%)`; the percent is left out when the window opened at 0. */
export function changeText(move: WindowChange, tick: number): string {
  const sign = move.change > 0 ? '+' : move.change < 0 ? '-' : '';
  const amount = `${sign}${priceText(Math.abs(move.change), tick)}`;
  if (move.percent === undefined) return amount;
  const pct = Math.abs(move.percent).toFixed(2);
  return `${amount} (${pct === '0.00' ? '' : sign}${pct}%)`;
}
