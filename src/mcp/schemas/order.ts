import { z } from 'zod';
import { showCount, showOrderPrice } from '../../core/checks/index.js';
import type { Order } from '../../core/domain/order.js';
import { ticketOfRemarks } from '../../core/watcher/index.js';
import { untrusted } from '../untrusted.js';
import { external, rejectionOf, rejectionOut } from './common.js';
import { ORDER_STATES } from './vocabulary.js';

/** An order's state; an id makes it one definition where a tool repeats it (the order and its reports). */
export const orderStateOut = z.enum(ORDER_STATES).meta({ id: 'OrderState' });

/** One order as list and status tools show it: type, product and times are in its text line and history. */
export const orderOut = z.object({
  orderNumber: z.string(),
  instrument: z.string(),
  side: z.string(),
  quantity: z.number(),
  filledQuantity: z.number(),
  price: z.number().optional(),
  averagePrice: z.number().optional(),
  status: orderStateOut,
  statusText: z.string(),
  rejection: rejectionOut.optional(),
  remarks: z.string().optional(),
  ticketId: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** The result view of an order. */
export function orderOf(o: Order): z.input<typeof orderOut> {
  return {
    orderNumber: o.orderNumber,
    instrument: `${o.exchange}:${o.tradingSymbol}`,
    side: o.side,
    quantity: o.quantity,
    filledQuantity: o.filledQuantity,
    price: o.price,
    averagePrice: o.averagePrice,
    status: o.status,
    statusText: external(o.statusText, 40) ?? o.status,
    rejection: o.rejection && rejectionOf(o.rejection),
    remarks: external(o.remarks, 80),
    ticketId: ticketOfRemarks(o.remarks),
    updatedAt: o.updatedAt,
  };
}

/** One line for an order: number, side, quantity, instrument, price, status and the reason when rejected. */
export function orderLine(o: Order): string {
  const price = showOrderPrice(o);
  const why = o.rejection ? ` ${untrusted(o.rejection.text, 160)}` : '';
  return `${o.orderNumber} ${o.side} ${showCount(o.quantity)} ${o.exchange}:${o.tradingSymbol}${price} ${o.status}${why}`;
}
