import type { Product } from '../../core/vocabulary/index.js';
import type { SimInstrument } from '../market/types.js';
import type { PositionState } from './types.js';

/** The key of a net position: one per instrument and product. */
export function positionKey(instrument: SimInstrument, product: Product): string {
  return `${instrument.exchange}|${instrument.token}|${product}`;
}

/** An empty position. */
export function newPosition(instrument: SimInstrument, product: Product): PositionState {
  return {
    key: positionKey(instrument, product),
    instrument,
    product,
    net: 0,
    averagePrice: 0,
    realised: 0,
    bought: 0,
    sold: 0,
  };
}

/**
 * Nets a fill into a position: adding to it moves the average price, reducing it realises profit or
 * loss against the average, crossing zero opens the rest at the fill price. Returns the P&L realised.
 */
export function applyToPosition(p: PositionState, signedQuantity: number, price: number): number {
  if (signedQuantity > 0) p.bought += signedQuantity;
  else p.sold -= signedQuantity;
  if (p.net === 0 || Math.sign(p.net) === Math.sign(signedQuantity)) {
    const open = Math.abs(p.net);
    const add = Math.abs(signedQuantity);
    p.averagePrice = (open * p.averagePrice + add * price) / (open + add);
    p.net += signedQuantity;
    return 0;
  }
  const closing = Math.min(Math.abs(p.net), Math.abs(signedQuantity));
  const pnl = closing * (price - p.averagePrice) * Math.sign(p.net);
  p.realised += pnl;
  p.net += signedQuantity;
  if (p.net === 0) p.averagePrice = 0;
  else if (Math.sign(p.net) === Math.sign(signedQuantity)) p.averagePrice = price;
  return pnl;
}

/** A copy that can be changed without touching the original (for what-if margin). */
export function clonePosition(p: PositionState): PositionState {
  return { ...p };
}
