import type { CandleInterval } from '../../core/vocabulary/index.js';
import { createCalendar, type MarketHours, type TradingCalendar } from './calendar.js';
import { buildCandles } from './candles.js';
import { createDaySeriesCache } from './day-series.js';
import { createInstrumentPrices } from './instrument-prices.js';
import type { MarketParts } from './market-parts.js';
import { createMoveBook } from './moves.js';
import { createPricePaths } from './price-path.js';
import { tradedRange } from './range.js';
import { seedHash } from './rng.js';
import { takeSnapshot } from './snapshot.js';
import type {
  CandleBar,
  Market,
  MarketSnapshot,
  PriceRange,
  PricingInputs,
  SimInstrument,
  Universe,
} from './types.js';
import { createUniverseSource, type UniverseSource } from './universe.js';

/** How to build a market: its seed, its hours and (real hours only) exchange holidays as `YYYY-MM-DD`. */
export interface MarketOptions {
  readonly seed: number;
  readonly hours: MarketHours;
  readonly holidays?: readonly string[];
}

/** The simulated market: owns the caches of paths, day series and universes. */
class SimMarket implements Market {
  readonly seed: number;
  readonly calendar: TradingCalendar;
  readonly #parts: MarketParts;
  readonly #universe: UniverseSource;

  constructor(options: MarketOptions) {
    this.seed = options.seed;
    this.calendar = createCalendar(options.hours, options.holidays ?? []);
    const seed = seedHash(options.seed);
    const moves = createMoveBook();
    const prices = createInstrumentPrices(
      this.calendar,
      seed,
      createPricePaths(this.calendar, seed, moves),
      moves,
    );
    this.#parts = {
      seed,
      calendar: this.calendar,
      prices,
      days: createDaySeriesCache(this.calendar, seed, prices),
    };
    this.#universe = createUniverseSource((day) => this.calendar.isSessionDay(day));
  }

  universe(at: number): Universe {
    return this.#universe(at);
  }

  snapshot(instrument: SimInstrument, at: number): MarketSnapshot {
    return takeSnapshot(this.#parts, instrument, at);
  }

  candles(
    instrument: SimInstrument,
    from: number,
    to: number,
    interval: CandleInterval,
    at: number,
  ): CandleBar[] {
    return buildCandles(this.#parts, instrument, from, to, interval, at);
  }

  range(instrument: SimInstrument, from: number, to: number): PriceRange {
    return tradedRange(this.#parts, instrument, from, to);
  }

  movePrice(instrument: SimInstrument, price: number, at: number): void {
    this.#parts.prices.move(instrument, price, at);
  }

  pricingInputs(instrument: SimInstrument, at: number): PricingInputs {
    return this.#parts.prices.inputs(instrument, at);
  }
}

/** A deterministic market: the same seed and the same moves give the same prices at every instant. */
export function createMarket(options: MarketOptions): Market {
  return new SimMarket(options);
}
