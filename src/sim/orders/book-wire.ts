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
