import type { AccountState } from '../account-state.js';
import { isTradable } from '../market/index.js';
import type { Market, MarketSnapshot } from '../market/types.js';
import { availableMargin, incrementalMargin } from './margin.js';
import { REASONS, type Rejection } from './reasons.js';
import type { OrderTicket } from './types.js';

/** What the checks of one order read: the market, the account, and holdings other sells already claim. */
export interface RiskInputs {
  readonly market: Market;
  readonly account: AccountState;
  readonly at: number;
  /** Units of this security that the account's other working delivery sells will deliver. */
  readonly pendingDeliverySells: number;
}

/** The verdict: a rejection, or the margin the order blocks while it works. */
export type RiskVerdict = { readonly rejection: Rejection } | { readonly blocked: number };

const paise = (rupees: number): number => Math.round(rupees * 100);

/** True when a price sits on the tick grid, in whole paise (never `%` on floating rupees). */
export function onTick(price: number, tickSize: number): boolean {
  const cents = price * 100;
  if (Math.abs(cents - Math.round(cents)) > 1e-6) return false;
  return Math.round(cents) % Math.max(1, paise(tickSize)) === 0;
}

function productAllowed(t: OrderTicket): boolean {
  if (t.product === 'C') return t.exchange === 'NSE' || t.exchange === 'BSE';
  if (t.product === 'M') return t.exchange === 'NFO';
  return true;
}

/** The price the margin check assumes: the limit, the trigger of a stop-market, else the touch. */
function estimatedPrice(t: OrderTicket, s: MarketSnapshot): number {
  if (t.priceType === 'LMT' || t.priceType === 'SL-LMT') return t.price;
  if (t.priceType === 'SL-MKT') return t.triggerPrice;
  const touch = t.side === 'B' ? s.asks[0]?.price : s.bids[0]?.price;
  return touch && touch > 0 ? touch : s.last;
}

function outside(price: number, s: MarketSnapshot): boolean {
  return paise(price) < paise(s.lowerCircuit) || paise(price) > paise(s.upperCircuit);
}

/**
 * The OMS's checks after acknowledgement, in order: hours, tradability, product, tick, lot, freeze
 * quantity, circuit band, holdings for delivery sells, margin. The first failure rejects the order.
 */
export function checkRisk(t: OrderTicket, r: RiskInputs): RiskVerdict {
  const i = t.instrument;
  const id = r.account.config.accountId;
  const limitPriced = t.priceType === 'LMT' || t.priceType === 'SL-LMT';
  const stop = t.priceType === 'SL-LMT' || t.priceType === 'SL-MKT';
  const reject = (rejection: Rejection): RiskVerdict => ({ rejection });
  if (!r.market.calendar.isOpen(r.at)) return reject(REASONS.marketClosed(t.exchange));
  if (!isTradable(i)) return reject(REASONS.notTradable(i));
  if (!productAllowed(t)) return reject(REASONS.productNotEnabled(t.product, t.exchange));
  if (limitPriced && !onTick(t.price, i.tickSize)) return reject(REASONS.priceTick(t.price, i.tickSize));
  if (stop && !onTick(t.triggerPrice, i.tickSize))
    return reject(REASONS.triggerTick(t.triggerPrice, i.tickSize));
  if (t.quantity % i.lotSize !== 0) return reject(REASONS.lotSize(t.quantity, i.lotSize));
  if (i.freezeQty > 0 && t.quantity > i.freezeQty) return reject(REASONS.freeze(i.freezeQty, t.quantity, id));
  const s = r.market.snapshot(i, r.at);
  for (const [on, price] of [
    [limitPriced, t.price],
    [stop, t.triggerPrice],
  ] as const) {
    if (on && outside(price, s)) return reject(REASONS.circuit(price, s.lowerCircuit, s.upperCircuit, i, id));
  }
  if (t.product === 'C' && t.side === 'S' && i.segment !== 'FO') {
    const h = r.account.holdings.get(i.symbolName);
    const available = Math.max(
      0,
      (h?.quantity ?? 0) + (h?.btst ?? 0) - (h?.used ?? 0) - r.pendingDeliverySells,
    );
    if (t.quantity > available) return reject(REASONS.holdings(t.quantity, available, i, id));
  }
  const required = incrementalMargin(r.account, t, estimatedPrice(t, s), r.market, r.at);
  const available = availableMargin(r.account);
  if (required > 0 && paise(required) > paise(available)) {
    return reject(REASONS.margin(required - available, available, id));
  }
  return { blocked: Math.max(0, required) };
}
