import { normal, streamKey, uniform } from './rng.js';
import { fromTicks } from './ticks.js';
import type { DepthLevel } from './types.js';

/** What the order book around a last price depends on. */
export interface DepthInputs {
  readonly seed: number;
  readonly keyHash: number;
  /** The whole second the book is shown for: a new book every second. */
  readonly second: number;
  /** The last price in ticks. */
  readonly lastTicks: number;
  readonly tickSize: number;
  readonly lotSize: number;
  /** Options books are thinner: levels one or two ticks apart. */
  readonly sparse: boolean;
  /** Typical quantity resting at one level, in units. */
  readonly levelSize: number;
}

const LEVELS = 5;
const DEPTH = 21;
const EMPTY: DepthLevel = { price: 0, quantity: 0, orders: 0 };

/** Five empty levels, as indices show. */
export const EMPTY_BOOK: readonly DepthLevel[] = Array.from({ length: LEVELS }, () => EMPTY);

/**
 * A seeded five-level book on the tick grid around the last price: spread of one or two ticks, the
 * last price on one side of it, quantities in whole lots, at least one order per level. Levels that
 * would fall to zero or below are empty.
 */
export function depthAround(d: DepthInputs): { bids: DepthLevel[]; asks: DepthLevel[] } {
  const key = streamKey(d.keyHash, DEPTH);
  const draw = (i: number): number => uniform(d.seed, key, d.second, i);
  const { lastTicks } = d;
  const spread = draw(0) < 0.7 ? 1 : 2;
  const bidTicks = Math.max(1, spread === 2 || draw(1) < 0.5 ? lastTicks - 1 : lastTicks);
  const level = (side: number, n: number, ticks: number): DepthLevel => {
    if (ticks < 1) return EMPTY;
    const i = 10 + side * 20 + n * 4;
    const lots = Math.max(
      1,
      Math.round((d.levelSize * Math.exp(0.8 * normal(d.seed, key, d.second, i))) / d.lotSize),
    );
    const perOrder = 1 + Math.floor(draw(i + 1) * (d.lotSize > 1 ? 4 : 60));
    return {
      price: fromTicks(ticks, d.tickSize),
      quantity: lots * d.lotSize,
      orders: Math.max(1, Math.min(lots, Math.ceil(lots / perOrder))),
    };
  };
  const bids: DepthLevel[] = [];
  const asks: DepthLevel[] = [];
  let bid = bidTicks;
  let ask = bidTicks + spread;
  for (let n = 0; n < LEVELS; n++) {
    bids.push(level(0, n, bid));
    asks.push(level(1, n, ask));
    const gap = (side: number): number => (d.sparse && draw(12 + side * 20 + n * 4) < 0.3 ? 2 : 1);
    bid -= gap(0);
    ask += gap(1);
  }
  return { bids, asks };
}
