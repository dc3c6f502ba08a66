import { count, money } from '../format.js';
import { orderTexts } from './history-wire.js';
import { averagePrice } from './lifecycle.js';
import type { SimOrder } from './types.js';

/** One order-book entry: the order's latest state; the book spells the status `CANCELLED` and the fill `fillShares`. */
export function bookEntry(order: SimOrder): Record<string, string> {
  const o = orderTexts(order);
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
    fillShares: count(order.filled),
    averagePrice: money(averagePrice(order)),
    remarks: o.remarks,
    disclosedQuantity: '0',
    rejectReason: order.rejectReason,
  };
}
