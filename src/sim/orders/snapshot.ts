import type { Market, SimInstrument } from '../market/types.js';
import type { Sequences } from './numbering.js';
import type { OrderStore } from './store.js';
import type { SimOrder, SimTrade } from './types.js';

/** The orders part of the state file: every order with its reports, every trade, the sequences. */
export interface OrdersPart {
  readonly sequences: Sequences;
  readonly orders: readonly SimOrder[];
  readonly trades: readonly SimTrade[];
}

/** What of the order store is persisted. */
export function captureOrders(store: OrderStore): OrdersPart {
  const { orders, trades } = store.all();
  return { sequences: { ...store.sequences }, orders, trades };
}

/** The instrument as today's universe knows it (same token), or the stored copy once it has expired. */
export function canonical(market: Market, stored: SimInstrument, at: number): SimInstrument {
  return market.universe(at).byToken(stored.exchange, stored.token) ?? stored;
}

function isPart(value: unknown): value is OrdersPart {
  const v = value as Partial<OrdersPart> | undefined;
  return typeof v === 'object' && v !== null && Array.isArray(v.orders) && Array.isArray(v.trades);
}

/** Puts persisted orders and trades back (a state file from before orders existed has none). */
export function restoreOrders(store: OrderStore, part: unknown, market: Market): void {
  if (!isPart(part)) return;
  for (const o of part.orders) {
    const instrument = canonical(market, o.ticket.instrument, o.placedAt);
    store.add({ ...o, ticket: { ...o.ticket, instrument }, reports: [...o.reports] });
  }
  for (const t of part.trades) store.addTrade(t);
  const highest = part.orders.reduce((n, o) => Math.max(n, Number(o.orderNumber.slice(6)) || 0), 0);
  store.sequences.order = Math.max(highest, part.sequences?.order ?? 0);
  store.sequences.fill = Math.max(part.trades.length, part.sequences?.fill ?? 0);
}
