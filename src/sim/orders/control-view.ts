import { averagePrice, remaining } from './lifecycle.js';
import type { OrderStore } from './store.js';

/**
 * The simulator's own view of every order for `/_sim/orders`: the ticket, the engine's internal state
 * (phase, resting price, checks, margin blocked) and the full report and fill history, oldest first.
 */
export function ordersView(store: OrderStore): unknown {
  const { orders, trades } = store.all();
  const fills = new Map<string, unknown[]>();
  for (const t of trades) {
    const list = fills.get(t.orderNumber) ?? [];
    list.push(t);
    fills.set(t.orderNumber, list);
  }
  return orders.map((o) => ({
    orderNumber: o.orderNumber,
    userId: o.userId,
    exchange: o.ticket.exchange,
    tradingSymbol: o.ticket.instrument.tradingSymbol,
    token: o.ticket.instrument.token,
    side: o.ticket.side,
    quantity: o.ticket.quantity,
    priceType: o.ticket.priceType,
    price: o.ticket.price,
    triggerPrice: o.ticket.triggerPrice,
    product: o.ticket.product,
    retention: o.ticket.retention,
    remarks: o.ticket.remarks,
    placedAt: o.placedAt,
    riskAt: o.riskAt,
    phase: o.phase,
    status: o.status,
    exchangeOrderNumber: o.exchangeOrderNumber,
    filled: o.filled,
    averagePrice: averagePrice(o),
    cancelled: o.cancelled,
    open: o.phase === 'done' ? 0 : remaining(o),
    restingPrice: o.restingPrice,
    lastCheck: o.lastCheck,
    expiresAt: o.expiresAt,
    blockedMargin: o.blockedMargin,
    rejectReason: o.rejectReason,
    rejectedBy: o.rejectedBy,
    reports: o.reports,
    trades: fills.get(o.orderNumber) ?? [],
  }));
}
