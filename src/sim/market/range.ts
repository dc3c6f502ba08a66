import { istDay } from './ist-time.js';
import type { MarketParts } from './market-parts.js';
import { SAMPLE_SECONDS } from './price-path.js';
import { fromTicks } from './ticks.js';
import type { PriceRange, SimInstrument } from './types.js';

const SAMPLE_MS = SAMPLE_SECONDS * 1000;

/**
 * The traded range over (from, to]: the session samples (every SAMPLE_SECONDS, as candles use) that
 * fall in the span, plus the price at `to`, which is also `last`; `first` is the earliest of them.
 * Whole sessions inside the span come from cached day summaries, so a long span costs one lookup a day.
 */
export function tradedRange(
  parts: MarketParts,
  instrument: SimInstrument,
  from: number,
  to: number,
): PriceRange {
  const { calendar, prices, days } = parts;
  const lastTicks = prices.ticksAt(instrument, to);
  let first: number | undefined;
  let high = lastTicks;
  let low = lastTicks;
  const lastSample = calendar.sessionSeconds / SAMPLE_SECONDS;
  for (let day = istDay(from); to > from && day <= istDay(to); day++) {
    if (!calendar.isSessionDay(day)) continue;
    const { open } = calendar.bounds(day);
    const kFrom = Math.max(0, Math.floor((from - open) / SAMPLE_MS) + 1);
    const kTo = Math.min(lastSample, Math.floor((to - open) / SAMPLE_MS));
    if (kFrom > kTo) continue;
    if (kFrom === 0 && kTo === lastSample) {
      const s = days.summary(instrument, day);
      first ??= s.open;
      high = Math.max(high, s.high);
      low = Math.min(low, s.low);
      continue;
    }
    const { ticks } = days.series(instrument, day);
    first ??= ticks[kFrom];
    for (let k = kFrom; k <= kTo; k++) {
      const t = ticks[k] ?? lastTicks;
      if (t > high) high = t;
      if (t < low) low = t;
    }
  }
  const tick = instrument.tickSize;
  return {
    first: fromTicks(first ?? lastTicks, tick),
    last: fromTicks(lastTicks, tick),
    high: fromTicks(high, tick),
    low: fromTicks(low, tick),
  };
}
