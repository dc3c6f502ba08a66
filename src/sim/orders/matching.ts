import type { Side } from '../../core/vocabulary/index.js';
import { hash4 } from '../market/rng.js';
import type { DepthLevel, MarketSnapshot, PriceRange } from '../market/types.js';

/** One execution: a quantity at a price on the tick grid. */
export interface Execution {
  readonly quantity: number;
  readonly price: number;
}

/**
 * Liquidity is handed out in slots of this length (the market's sample spacing): a resting order fills
 * at most one slot's draw per slot however often the engine looks, so fills do not depend on polling.
 */
export const SLOT_MS = 10_000;

const paise = (rupees: number): number => Math.round(rupees * 100);

/** True when `price` is at or inside `limit` for this side (a buy pays at most, a sell gets at least). */
export function withinLimit(side: Side, price: number, limit: number): boolean {
  return side === 'B' ? paise(price) <= paise(limit) : paise(price) >= paise(limit);
}

/**
 * Takes liquidity from the opposite side of the book (a buy lifts the asks), best level first, one
 * execution per level used, up to `quantity` and, when given, not beyond `limit`.
 */
export function walkDepth(
  snapshot: MarketSnapshot,
  side: Side,
  quantity: number,
  limit?: number,
): Execution[] {
  const levels: readonly DepthLevel[] = side === 'B' ? snapshot.asks : snapshot.bids;
  const out: Execution[] = [];
  let left = quantity;
  for (const level of levels) {
    if (left <= 0) break;
    if (level.price <= 0 || level.quantity <= 0) continue;
    if (limit !== undefined && !withinLimit(side, level.price, limit)) break;
    const take = Math.min(left, level.quantity);
    out.push({ quantity: take, price: level.price });
    left -= take;
  }
  return out;
}

/** True when the market traded at or through a resting limit over the range (a buy: the low reached it). */
export function crossesLimit(side: Side, limit: number, range: PriceRange): boolean {
  return side === 'B' ? paise(range.low) <= paise(limit) : paise(range.high) >= paise(limit);
}

/** True when the market touched a stop's trigger (a buy: at or above it; a sell: at or below it). */
export function hitsTrigger(side: Side, trigger: number, range: PriceRange): boolean {
  return side === 'B' ? paise(range.high) >= paise(trigger) : paise(range.low) <= paise(trigger);
}

/**
 * What one slot offers a resting order: a seeded share of the opposite best level's quantity, in whole
 * lots and never less than one lot, so large orders fill over several slots.
 */
export function slotLiquidity(
  seed: number,
  orderKey: number,
  slot: number,
  snapshot: MarketSnapshot,
  side: Side,
  lotSize: number,
): number {
  const touch = (side === 'B' ? snapshot.asks[0] : snapshot.bids[0])?.quantity ?? 0;
  const u = (hash4(seed, orderKey, slot, 0x11d) + 0.5) / 0x1_0000_0000;
  const lot = Math.max(1, lotSize);
  return Math.max(1, Math.floor((u * Math.max(touch, lot)) / lot)) * lot;
}
