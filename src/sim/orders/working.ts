import { hashString } from '../market/rng.js';
import type { Market } from '../market/types.js';
import { cancelRest, remaining, trigger } from './lifecycle.js';
import { crossesLimit, hitsTrigger, SLOT_MS, slotLiquidity, walkDepth } from './matching.js';
import type { SimOrder } from './types.js';

/** What stepping an order needs from the engine: the market, the seed, and how fills and ends are booked. */
export interface StepContext {
  readonly market: Market;
  readonly seed: number;
  fill(order: SimOrder, quantity: number, price: number, at: number): void;
  /** Called after the order's remainder was cancelled (margin is released). */
  cancelled(order: SimOrder, at: number): void;
}

const isMarket = (o: SimOrder): boolean => o.ticket.priceType === 'MKT' || o.ticket.priceType === 'SL-MKT';

/**
 * Executes an order against the book at `at` (on acceptance, or when its stop triggers): a market order
 * walks the opposite side, a limit order takes what lies within its limit. What the book cannot absorb
 * is cancelled for IOC; otherwise it rests, a market remainder as a limit at its last fill price (or at
 * the last traded price when nothing filled), so it never chases the price through an empty book.
 */
export function executeNow(ctx: StepContext, order: SimOrder, at: number): void {
  const t = order.ticket;
  const snapshot = ctx.market.snapshot(t.instrument, at);
  const executions = walkDepth(snapshot, t.side, remaining(order), isMarket(order) ? undefined : t.price);
  for (const e of executions) ctx.fill(order, e.quantity, e.price, at);
  order.lastCheck = at;
  if (order.phase === 'done') return;
  if (t.retention === 'IOC') {
    cancelRest(order, at);
    ctx.cancelled(order, at);
    return;
  }
  if (isMarket(order)) order.restingPrice = executions.at(-1)?.price ?? snapshot.last;
  // The book was used up at this instant: the rest waits for the next slot's liquidity.
  order.slot = Math.floor(at / SLOT_MS);
  order.slotUsed = executions.length > 0 ? Number.MAX_SAFE_INTEGER : 0;
}

/** Fills a resting order from one slot's liquidity at its resting price. */
function fillFromSlot(ctx: StepContext, order: SimOrder, slot: number, at: number): void {
  if (order.slot !== slot) {
    order.slot = slot;
    order.slotUsed = 0;
  }
  const t = order.ticket;
  const snapshot = ctx.market.snapshot(t.instrument, at);
  const offered = slotLiquidity(
    ctx.seed,
    hashString(order.orderNumber),
    slot,
    snapshot,
    t.side,
    t.instrument.lotSize,
  );
  const quantity = Math.min(remaining(order), offered - order.slotUsed);
  if (quantity <= 0) return;
  order.slotUsed += quantity;
  ctx.fill(order, quantity, order.restingPrice, at);
}

/**
 * Checks a stop or resting order against the traded range from its last check to `now` (or to the end
 * of its session), slot by slot: a stop triggers where the range touches its trigger, a resting order
 * fills where the range reaches its price. At the end of the session what is left is cancelled.
 * Returns whether anything happened.
 */
export function workUntil(ctx: StepContext, order: SimOrder, now: number): boolean {
  const t = order.ticket;
  const end = Math.min(now, order.expiresAt);
  const before = order.reports.length;
  const touched = (from: number, to: number): boolean => {
    const range = ctx.market.range(t.instrument, from, to);
    return order.phase === 'trigger'
      ? hitsTrigger(t.side, t.triggerPrice, range)
      : crossesLimit(t.side, order.restingPrice, range);
  };
  if (end >= order.lastCheck && touched(order.lastCheck, end)) {
    let from = order.lastCheck;
    do {
      const to = Math.min(end, (Math.floor(from / SLOT_MS) + 1) * SLOT_MS);
      if (touched(from, to)) {
        if (order.phase === 'trigger') {
          trigger(order, to);
          executeNow(ctx, order, to);
        } else fillFromSlot(ctx, order, Math.floor(from / SLOT_MS), to);
      }
      from = to;
    } while (from < end && order.phase !== 'done');
  }
  order.lastCheck = Math.max(order.lastCheck, end);
  if (order.phase !== 'done' && now >= order.expiresAt) {
    cancelRest(order, order.expiresAt);
    ctx.cancelled(order, order.expiresAt);
  }
  return order.reports.length > before;
}
