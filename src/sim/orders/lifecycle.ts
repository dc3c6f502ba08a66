import type { ReportType } from '../../core/vocabulary/index.js';
import type { Rejection } from './reasons.js';
import type { OrderTicket, SimOrder } from './types.js';

/** What is still open of an order. */
export function remaining(order: SimOrder): number {
  return order.ticket.quantity - order.filled - order.cancelled;
}

/** The average fill price so far (0 before the first fill). */
export function averagePrice(order: SimOrder): number {
  return order.filled === 0 ? 0 : order.filledValue / order.filled;
}

/**
 * Appends a report carrying the order's state and terms now; the exchange time is known once it has a
 * number. `reason` gives a refused change its text without changing the order's own.
 */
export function report(order: SimOrder, rpt: ReportType, at: number, reason?: string): void {
  const { quantity, price, triggerPrice, priceType } = order.ticket;
  order.reports.push({
    rpt,
    status: order.status,
    at,
    filled: order.filled,
    averagePrice: averagePrice(order),
    cancelled: order.cancelled,
    rejectReason: reason ?? order.rejectReason,
    rejectedBy: order.rejectedBy,
    exchangeOrderNumber: order.exchangeOrderNumber,
    exchangeTime: order.exchangeOrderNumber === '' ? undefined : at,
    terms: { quantity, price, triggerPrice, priceType },
  });
}

/** A new order as the OMS acknowledges it: PENDING with a `NewAck` report. */
export function acknowledged(
  orderNumber: string,
  owner: { readonly userId: string; readonly accountId: string },
  ticket: OrderTicket,
  at: number,
  riskAt: number,
): SimOrder {
  const order: SimOrder = {
    orderNumber,
    userId: owner.userId,
    accountId: owner.accountId,
    ticket,
    placedAt: at,
    riskAt,
    phase: 'ack',
    status: 'PENDING',
    exchangeOrderNumber: '',
    filled: 0,
    filledValue: 0,
    cancelled: 0,
    rejectReason: '',
    rejectedBy: '',
    restingPrice: ticket.price,
    lastCheck: riskAt,
    expiresAt: riskAt,
    blockedMargin: 0,
    slot: -1,
    slotUsed: 0,
    reports: [],
  };
  report(order, 'NewAck', at);
  return order;
}

/** The risk system refused it: REJECTED with the reason and party, the whole quantity cancelled. */
export function reject(order: SimOrder, rejection: Rejection, at: number): void {
  order.status = 'REJECTED';
  order.phase = 'done';
  order.rejectReason = rejection.text;
  order.rejectedBy = rejection.party;
  order.cancelled = order.ticket.quantity - order.filled;
  report(order, 'Rejected', at);
}

/** Accepted and sent to the exchange: `PendingNew`, then `New` as OPEN (or TRIGGER_PENDING for stops). */
export function accept(order: SimOrder, exchangeNumber: string, at: number, expiresAt: number): void {
  report(order, 'PendingNew', at);
  const stop = order.ticket.priceType === 'SL-LMT' || order.ticket.priceType === 'SL-MKT';
  order.exchangeOrderNumber = exchangeNumber;
  order.status = stop ? 'TRIGGER_PENDING' : 'OPEN';
  order.phase = stop ? 'trigger' : 'working';
  order.expiresAt = expiresAt;
  order.lastCheck = at;
  report(order, 'New', at);
}

/** A stop's trigger was touched: it goes OPEN and behaves as a limit or market order from here. */
export function trigger(order: SimOrder, at: number): void {
  order.status = 'OPEN';
  order.phase = 'working';
  report(order, 'New', at);
}

/** One fill: cumulative quantity and average move on, COMPLETE once nothing is left. */
export function fill(order: SimOrder, quantity: number, price: number, at: number): void {
  order.filled += quantity;
  order.filledValue += quantity * price;
  order.status = remaining(order) === 0 ? 'COMPLETE' : 'OPEN';
  if (order.status === 'COMPLETE') order.phase = 'done';
  report(order, 'Fill', at);
}

/** The exchange cancelled what is left (IOC remainder, end of session): CANCELED with the quantity. */
export function cancelRest(order: SimOrder, at: number): void {
  order.cancelled = order.ticket.quantity - order.filled;
  order.status = 'CANCELED';
  order.phase = 'done';
  report(order, 'Canceled', at);
}
