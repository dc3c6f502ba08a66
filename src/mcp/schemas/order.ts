import { z } from 'zod';
import { showCount, showOrderPrice } from '../../core/checks/index.js';
import type { Order } from '../../core/domain/order.js';
import { ticketOfRemarks } from '../../core/watcher/index.js';
import { untrusted } from '../untrusted.js';
import { EXTERNAL, external, rejectionOf, rejectionOut } from './common.js';
import { ORDER_STATES } from './vocabulary.js';

/** One order as list and status tools show it. */
export const orderOut = z.object({
  orderNumber: z.string(),
  instrument: z.string(),
  side: z.enum(['BUY', 'SELL', 'UNKNOWN']),
  quantity: z.number(),
  filledQuantity: z.number(),
  price: z.number().optional(),
  triggerPrice: z.number().optional(),
  averagePrice: z.number().optional(),
  priceType: z.string().optional(),
  product: z.string().optional(),
  retention: z.string().optional(),
  status: z.enum(ORDER_STATES),
  statusText: z.string(),
  rejection: rejectionOut.optional(),
  remarks: z.string().optional().describe(EXTERNAL),
  ticketId: z.string().optional().describe('The omsdesk ticket that placed it.'),
  placedAt: z.string().optional().describe('IST.'),
  updatedAt: z.string().optional().describe('IST.'),
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
    triggerPrice: o.triggerPrice,
    averagePrice: o.averagePrice,
    priceType: o.priceType,
    product: o.product,
    retention: o.retention,
    status: o.status,
    statusText: external(o.statusText, 40) ?? o.status,
    rejection: o.rejection && rejectionOf(o.rejection),
    remarks: external(o.remarks, 80),
    ticketId: ticketOfRemarks(o.remarks),
    placedAt: o.placedAt,
    updatedAt: o.updatedAt,
  };
}

/** One line for an order: number, side, quantity, instrument, price, status and the reason when rejected. */
export function orderLine(o: Order): string {
  const price = showOrderPrice(o);
  const why = o.rejection ? ` ${untrusted(o.rejection.text, 160)}` : '';
  return `${o.orderNumber} ${o.side} ${showCount(o.quantity)} ${o.exchange}:${o.tradingSymbol}${price} ${o.status}${why}`;
}
