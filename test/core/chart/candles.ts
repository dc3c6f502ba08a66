import type { Candle } from '../../../src/core/domain/candle.js';
import { fromIst, toIstIso } from '../../../src/core/time/ist.js';

export const MINUTE = 60_000;
export const DAY = 86_400_000;
/** Friday 20 November 2026, 09:15 IST: the market opens. */
export const OPEN = fromIst(2026, 11, 20, 9, 15);

/** One candle at `epochMs`; volume absent when `volume` is undefined. */
export function candle(epochMs: number, o: number, h: number, l: number, c: number, volume?: number): Candle {
  return {
    time: toIstIso(epochMs),
    epochMs,
    open: o,
    high: h,
    low: l,
    close: c,
    vwap: undefined,
    volume,
    openInterest: undefined,
    openInterestChange: undefined,
    raw: {},
  };
}

/**
 * `count` candles `stepMs` apart from `start` that wander around `base` deterministically (a sine and a
 * drift, on the 0.05 grid), each with volume.
 */
export function walk(count: number, start = OPEN, stepMs = 5 * MINUTE, base = 2450): Candle[] {
  const grid = (v: number): number => Math.round(v * 20) / 20;
  return Array.from({ length: count }, (_, i) => {
    const open = grid(base + 12 * Math.sin(i / 7) + i * 0.1);
    const close = grid(base + 12 * Math.sin((i + 1) / 7) + (i + 1) * 0.1);
    const high = grid(Math.max(open, close) + 1.5 + (i % 3));
    const low = grid(Math.min(open, close) - 1.25 - (i % 2));
    return candle(start + i * stepMs, open, high, low, close, 1000 + ((i * 7919) % 5000));
  });
}

/** Daily candles stamped at IST midnight on weekdays from `firstDay` (a `fromIst` instant), `count` of them. */
export function dailyWalk(count: number, firstDay: number): Candle[] {
  const days: number[] = [];
  for (let day = firstDay; days.length < count; day += DAY) {
    const weekday = new Date(day + 330 * MINUTE).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  const bars = walk(count, 0, 0);
  return days.map((day, i) => ({ ...(bars[i] as Candle), epochMs: day, time: toIstIso(day) }));
}
