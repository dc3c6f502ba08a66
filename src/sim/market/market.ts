import type { CandleInterval } from '../../core/vocabulary/index.js';
import { createCalendar, type MarketHours, type TradingCalendar } from './calendar.js';
import { buildCandles } from './candles.js';
import { createDaySeriesCache } from './day-series.js';
import { createInstrumentPrices } from './instrument-prices.js';
import type { MarketParts } from './market-parts.js';
import { createMoveBook, type MoveBook } from './moves.js';
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

// Stamps pack the second and the move count in one safe integer; beyond this many moves, no reuse.
const STAMP_MOVES = 1_000_000;

/** The simulated market: owns the caches of paths, day series, universes and the last snapshots. */
class SimMarket implements Market {
  readonly seed: number;
  readonly calendar: TradingCalendar;
  readonly #parts: MarketParts;
  readonly #universe: UniverseSource;
  readonly #moves: MoveBook;
  // The last snapshot of each instrument and its stamp: within a second every request reuses it.
  readonly #snapshots = new WeakMap<SimInstrument, { stamp: number; snapshot: MarketSnapshot }>();

  constructor(options: MarketOptions) {
    this.seed = options.seed;
    this.calendar = createCalendar(options.hours, options.holidays ?? []);
    const seed = seedHash(options.seed);
    const moves = createMoveBook();
    this.#moves = moves;
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
    const stamp = this.snapshotStamp(at);
    const hit = stamp === undefined ? undefined : this.#snapshots.get(instrument);
    if (hit !== undefined && hit.stamp === stamp) {
      return hit.snapshot.at === at ? hit.snapshot : { ...hit.snapshot, at };
    }
    const snapshot = takeSnapshot(this.#parts, instrument, at);
    if (stamp !== undefined) this.#snapshots.set(instrument, { stamp, snapshot });
    return snapshot;
  }

  snapshotStamp(at: number): number | undefined {
    const second = Math.floor(at / 1000);
    const moves = this.#moves.latest();
    if (moves >= STAMP_MOVES || this.#moves.within(second * 1000 + 1, second * 1000 + 999)) return undefined;
    return second * STAMP_MOVES + moves;
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
