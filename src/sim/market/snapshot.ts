import { openInterestAt, volumeAt } from './activity.js';
import { circuitBand } from './circuits.js';
import { depthAround, EMPTY_BOOK } from './depth.js';
import type { MarketParts } from './market-parts.js';
import { SAMPLE_SECONDS } from './price-path.js';
import { streamKey, uniform } from './rng.js';
import { fromTicks } from './ticks.js';
import type { MarketSnapshot, SimInstrument } from './types.js';

const LAST_QUANTITY = 31;

/** The quantity of the last trade: a few lots for derivatives, a long-tailed share count for cash. */
function lastQuantity(
  parts: MarketParts,
  keyHash: number,
  second: number,
  instrument: SimInstrument,
  levelSize: number,
) {
  if (instrument.kind === 'INDEX') return 0;
  const u = uniform(parts.seed, streamKey(keyHash, LAST_QUANTITY), second, 0);
  if (instrument.lotSize > 1) return (1 + Math.floor(u * u * 10)) * instrument.lotSize;
  return 1 + Math.floor(u * u * u * levelSize);
}

/**
 * The quote of an instrument at `at`. The day's high and low are the extremes of the session's
 * samples up to `at` and the last price, so they match the day's one-minute candles. Outside hours
 * everything stays as it was at the last close. Indices have no book, no volume and no circuits (0).
 */
export function takeSnapshot(parts: MarketParts, instrument: SimInstrument, at: number): MarketSnapshot {
  const { calendar, prices, days, seed } = parts;
  const { day, second } = calendar.locate(at);
  const series = days.series(instrument, day);
  const last = prices.ticksAt(instrument, at);
  const k = Math.floor(second / SAMPLE_SECONDS);
  const high = Math.max(series.highs[k] ?? last, last);
  const low = Math.min(series.lows[k] ?? last, last);
  const lastTradeAt = series.open + second * 1000;
  const model = prices.model(instrument);
  const index = instrument.kind === 'INDEX';
  const levelSize = series.activity.dailyVolume / (instrument.lotSize > 1 ? 3_000 : 20_000);
  const tradeSecond = Math.floor(lastTradeAt / 1000) | 0;
  const previousCloseAt = calendar.bounds(calendar.previousSessionDay(day)).close;
  const band = circuitBand(
    instrument,
    series.previousClose,
    high,
    low,
    prices.inputs(instrument, previousCloseAt),
  );
  const book = index
    ? { bids: EMPTY_BOOK, asks: EMPTY_BOOK }
    : depthAround({
        seed,
        keyHash: model.keyHash,
        second: tradeSecond,
        lastTicks: last,
        tickSize: instrument.tickSize,
        lotSize: Math.max(1, instrument.lotSize),
        sparse: instrument.strike !== undefined,
        levelSize: Math.max(instrument.lotSize, levelSize),
      });
  const tick = instrument.tickSize;
  return {
    at,
    last: fromTicks(last, tick),
    lastQuantity: lastQuantity(parts, model.keyHash, tradeSecond, instrument, levelSize),
    lastTradeAt,
    open: fromTicks(series.ticks[0] ?? last, tick),
    high: fromTicks(high, tick),
    low: fromTicks(low, tick),
    previousClose: fromTicks(series.previousClose, tick),
    volume: volumeAt(series.activity, second),
    openInterest: model.derivative ? openInterestAt(series.activity, second) : 0,
    upperCircuit: band.upper === 0 ? 0 : fromTicks(band.upper, tick),
    lowerCircuit: band.lower === 0 ? 0 : fromTicks(band.lower, tick),
    bids: book.bids,
    asks: book.asks,
  };
}
