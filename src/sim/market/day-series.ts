import { type DayActivity, dayActivity, openInterestAt, volumeAt } from './activity.js';
import type { TradingCalendar } from './calendar.js';
import type { InstrumentPrices } from './instrument-prices.js';
import { yearsToExpiry } from './instrument-pricing.js';
import { createLru } from './lru.js';
import type { SimInstrument } from './types.js';

/** One instrument's sampled session: what quotes, candles and ranges read, computed once per day. */
export interface DaySeries {
  readonly day: number;
  /** Session open instant; sample k is at open + k × SAMPLE_SECONDS. */
  readonly open: number;
  readonly ticks: Int32Array;
  /** Running maximum and minimum of `ticks` from the open to each sample. */
  readonly highs: Int32Array;
  readonly lows: Int32Array;
  readonly activity: DayActivity;
  /** The previous session's close, in ticks. */
  readonly previousClose: number;
}

/** A whole session in a few numbers (prices in ticks): enough for daily bars and long ranges. */
export interface DaySummary {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Mean of the session's samples, in ticks. */
  readonly meanTicks: number;
  readonly volume: number;
  readonly openInterest: number;
  readonly openInterestChange: number;
}

/** Day series and summaries of instruments, cached and refreshed when a move touches their day. */
export interface DaySeriesCache {
  series(instrument: SimInstrument, day: number): DaySeries;
  /** The whole session's open, high, low and close in ticks. */
  summary(instrument: SimInstrument, day: number): DaySummary;
}

const instrumentKey = (i: SimInstrument, day: number): string =>
  `${i.exchange}|${i.token}|${i.tradingSymbol}|${day}`;

/** A cache of day series over an instrument-price source. */
export function createDaySeriesCache(
  calendar: TradingCalendar,
  seed: number,
  prices: InstrumentPrices,
): DaySeriesCache {
  // About 30 MB either way: a real-hours series is ~30 kB, an always-mode one (a 24-hour day) ~115 kB.
  const capacity = calendar.hours === 'real' ? 1024 : 256;
  const seriesCache = createLru<string, { readonly version: number; readonly value: DaySeries }>(capacity);
  const summaries = createLru<string, { readonly version: number; readonly value: DaySummary }>(50_000);

  const build = (instrument: SimInstrument, day: number): DaySeries => {
    const ticks = prices.sampleTicks(instrument, day);
    const highs = new Int32Array(ticks.length);
    const lows = new Int32Array(ticks.length);
    let high = ticks[0] ?? 0;
    let low = high;
    for (let k = 0; k < ticks.length; k++) {
      const t = ticks[k] ?? 0;
      if (t > high) high = t;
      if (t < low) low = t;
      highs[k] = high;
      lows[k] = low;
    }
    const { open } = calendar.bounds(day);
    const inputs = prices.inputs(instrument, open);
    const years = yearsToExpiry(instrument, open);
    return {
      day,
      open,
      ticks,
      highs,
      lows,
      activity: dayActivity(seed, prices.model(instrument), day, calendar.sessionSeconds, inputs.spot, years),
      previousClose: prices.closeTicks(instrument, calendar.previousSessionDay(day)),
    };
  };

  const series = (instrument: SimInstrument, day: number): DaySeries => {
    const key = instrumentKey(instrument, day);
    const version = prices.version(instrument, day);
    const hit = seriesCache.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = build(instrument, day);
    seriesCache.set(key, { version, value });
    return value;
  };

  return {
    series,
    summary(instrument, day) {
      const key = instrumentKey(instrument, day);
      const version = prices.version(instrument, day);
      const hit = summaries.get(key);
      if (hit && hit.version === version) return hit.value;
      const s = series(instrument, day);
      const last = s.ticks.length - 1;
      let sum = 0;
      for (const t of s.ticks) sum += t;
      const end = calendar.sessionSeconds;
      const oiEnd = openInterestAt(s.activity, end);
      const value = {
        open: s.ticks[0] ?? 0,
        high: s.highs[last] ?? 0,
        low: s.lows[last] ?? 0,
        close: s.ticks[last] ?? 0,
        meanTicks: sum / s.ticks.length,
        volume: volumeAt(s.activity, end),
        openInterest: oiEnd,
        openInterestChange: oiEnd - openInterestAt(s.activity, 0),
      };
      summaries.set(key, { version, value });
      return value;
    },
  };
}
