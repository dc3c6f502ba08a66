import { type CandleInterval, candleIntervalMs } from '../../core/vocabulary/index.js';
import { type BarSpan, barFromSamples, barFromSummary } from './candle-bar.js';
import { istDay } from './ist-time.js';
import type { MarketParts } from './market-parts.js';
import { SAMPLE_SECONDS } from './price-path.js';
import type { CandleBar, SimInstrument } from './types.js';

const SAMPLE_MS = SAMPLE_SECONDS * 1000;

/** The session days between the IST days of `from` and `to`, oldest first. */
function* sessionDays(parts: MarketParts, from: number, to: number): Generator<number> {
  for (let day = istDay(from); day <= istDay(to); day++) if (parts.calendar.isSessionDay(day)) yield day;
}

/** The span of a bar that `at` falls inside: it runs to the last sample before `at` and closes at `at`. */
function runningSpan(
  parts: MarketParts,
  instrument: SimInstrument,
  start: number,
  open: number,
  at: number,
): BarSpan {
  const second = Math.floor((at - open) / 1000);
  return {
    start,
    kFrom: (start - open) / SAMPLE_MS,
    kTo: Math.floor(second / SAMPLE_SECONDS),
    closeTicks: parts.prices.ticksAt(instrument, at),
    endSecond: second,
  };
}

function dailyBars(
  parts: MarketParts,
  instrument: SimInstrument,
  from: number,
  to: number,
  at: number,
): CandleBar[] {
  const bars: CandleBar[] = [];
  for (const day of sessionDays(parts, from, to)) {
    const { open, close } = parts.calendar.bounds(day);
    if (open < from || open > to || open > at) continue;
    if (at < close) {
      const span = runningSpan(parts, instrument, open, open, at);
      bars.push(barFromSamples(instrument, parts.days.series(instrument, day), span));
    } else {
      // A finished day comes from its cached summary, so long daily spans stay cheap.
      bars.push(barFromSummary(instrument, open, parts.days.summary(instrument, day)));
    }
  }
  return bars;
}

/**
 * Bars whose start lies in [from, to] and not after `at`, oldest first, aligned to the session open
 * (daily bars start at the open too). High and low come from the path sampled every SAMPLE_SECONDS
 * (10 s) plus the bar's close; the bar containing `at` closes at the price at `at`.
 */
export function buildCandles(
  parts: MarketParts,
  instrument: SimInstrument,
  from: number,
  to: number,
  interval: CandleInterval,
  at: number,
): CandleBar[] {
  if (interval === 'D') return dailyBars(parts, instrument, from, to, at);
  const width = candleIntervalMs(interval);
  const last = Math.min(to, at);
  const bars: CandleBar[] = [];
  if (last < from) return bars;
  for (const day of sessionDays(parts, from, last)) {
    const { open, close } = parts.calendar.bounds(day);
    if (close <= from || open > last) continue;
    const series = parts.days.series(instrument, day);
    const first = open + Math.max(0, Math.ceil((from - open) / width)) * width;
    for (let start = first; start < close && start <= last; start += width) {
      const end = Math.min(start + width, close);
      if (end > at) {
        bars.push(barFromSamples(instrument, series, runningSpan(parts, instrument, start, open, at)));
        continue;
      }
      const kTo = (end - open) / SAMPLE_MS;
      const closeTicks = series.ticks[kTo] ?? 0;
      const span = {
        start,
        kFrom: (start - open) / SAMPLE_MS,
        kTo,
        closeTicks,
        endSecond: kTo * SAMPLE_SECONDS,
      };
      bars.push(barFromSamples(instrument, series, span));
    }
  }
  return bars;
}
