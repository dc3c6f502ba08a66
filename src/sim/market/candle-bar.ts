import { openInterestAt, volumeAt } from './activity.js';
import type { DaySeries, DaySummary } from './day-series.js';
import { SAMPLE_SECONDS } from './price-path.js';
import { fromTicks, toPaise } from './ticks.js';
import type { CandleBar, SimInstrument } from './types.js';

/** The samples kFrom … kTo of a day that one bar covers, and the price (ticks) and second it ends at. */
export interface BarSpan {
  readonly start: number;
  readonly kFrom: number;
  readonly kTo: number;
  readonly closeTicks: number;
  readonly endSecond: number;
}

/**
 * A bar from a day's samples: high and low over the samples and the close, VWAP as the mean of the
 * samples (kept inside the range), volume and open-interest change from the day's cumulative curves.
 */
export function barFromSamples(instrument: SimInstrument, series: DaySeries, span: BarSpan): CandleBar {
  const { kFrom, kTo, closeTicks } = span;
  let high = closeTicks;
  let low = closeTicks;
  let sum = 0;
  for (let k = kFrom; k <= kTo; k++) {
    const t = series.ticks[k] ?? closeTicks;
    if (t > high) high = t;
    if (t < low) low = t;
    sum += t;
  }
  const tick = instrument.tickSize;
  const startSecond = kFrom * SAMPLE_SECONDS;
  const derivative = instrument.segment === 'FO';
  const oi = derivative ? openInterestAt(series.activity, span.endSecond) : 0;
  const oiBefore = derivative ? openInterestAt(series.activity, startSecond) : 0;
  return {
    start: span.start,
    open: fromTicks(series.ticks[kFrom] ?? closeTicks, tick),
    high: fromTicks(high, tick),
    low: fromTicks(low, tick),
    close: fromTicks(closeTicks, tick),
    volume: volumeAt(series.activity, span.endSecond) - volumeAt(series.activity, startSecond),
    vwap: toPaise(Math.min(high, Math.max(low, sum / (kTo - kFrom + 1))) * tick),
    openInterest: oi,
    openInterestChange: oi - oiBefore,
  };
}

/** The daily bar of a finished session from its cached summary. */
export function barFromSummary(instrument: SimInstrument, start: number, s: DaySummary): CandleBar {
  const tick = instrument.tickSize;
  return {
    start,
    open: fromTicks(s.open, tick),
    high: fromTicks(s.high, tick),
    low: fromTicks(s.low, tick),
    close: fromTicks(s.close, tick),
    volume: s.volume,
    vwap: toPaise(s.meanTicks * tick),
    openInterest: s.openInterest,
    openInterestChange: s.openInterestChange,
  };
}
