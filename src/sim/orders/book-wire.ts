import { count, money } from '../format.js';
import { orderTexts } from './history-wire.js';
import { averagePrice } from './lifecycle.js';
import type { SimOrder } from './types.js';

/**
 * One order-book entry: the order's latest state, the status spelled `CANCELLED` as the book does. The
 * filled quantity goes under both spellings (`fillshares` in the field table, `fillShares` in the
 * sample) so any client finds it.
 */
export function bookEntry(order: SimOrder): Record<string, string> {
  const o = orderTexts(order);
  const filled = count(order.filled);
  return {
    userId: order.userId,
    orderNumber: order.orderNumber,
    exchange: o.exchange,
    tradingSymbol: o.symbol,
    quantity: o.quantity,
    transactionType: o.side,
    priceType: o.priceType,
    retention: o.retention,
    token: o.token,
    lotSize: o.lot,
    tickSize: o.tick,
    price: o.price,
    product: o.product,
    status: order.status === 'CANCELED' ? 'CANCELLED' : order.status,
    orderTime: o.placed,
    exchordid: order.exchangeOrderNumber,
    fillshares: filled,
    fillShares: filled,
    averagePrice: money(averagePrice(order)),
    remarks: o.remarks,
    disclosedQuantity: '0',
    rejectReason: order.rejectReason,
  };
}

// Every change of an order adds a report, so an entry written at a report count stays true until the next.
const written = new WeakMap<SimOrder, { readonly reports: number; readonly json: string }>();

/** The order-book entry as JSON text, written again only after the order changed. */
export function bookEntryJson(order: SimOrder): string {
  const hit = written.get(order);
  if (hit?.reports === order.reports.length) return hit.json;
  const json = JSON.stringify(bookEntry(order));
  written.set(order, { reports: order.reports.length, json });
  return json;
}
