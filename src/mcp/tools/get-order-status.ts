import { z } from 'zod';
import { showPrice } from '../../core/checks/index.js';
import type { Order, OrderHistory } from '../../core/domain/order.js';
import { GateError, type Ticket } from '../../core/gate/index.js';
import { ToolInputError } from '../errors.js';
import { ticketIdField } from '../fields.js';
import { limitField } from '../paging.js';
import { nextStepFor, renderTicket } from '../render-ticket.js';
import { orderLine, orderOf, orderOut, orderStateOut } from '../schemas/order.js';
import { answerData, answerOut, confirmationOf } from '../schemas/ticket.js';
import { defineTool, READ } from '../tool.js';
import { untrusted } from '../untrusted.js';

/** One report of an order's history; the order itself carries the rejection, if any. */
const eventOut = z.object({
  status: orderStateOut,
  reportType: z.string().optional(),
  filledQuantity: z.number(),
  averagePrice: z.number().optional(),
  time: z.string().optional(),
});

function historyView(h: OrderHistory, events: number) {
  return {
    order: orderOf(h.current),
    events: h.events.slice(0, events).map((e) => ({
      status: e.status,
      reportType: e.reportType,
      filledQuantity: e.filledQuantity,
      averagePrice: e.averagePrice,
      time: e.updatedAt ?? e.exchangeTime,
    })),
  };
}

function eventLine(e: Order): string {
  const when = (e.updatedAt ?? e.exchangeTime)?.slice(11, 19) ?? '--:--:--';
  const filled =
    e.filledQuantity > 0
      ? ` filled ${e.filledQuantity}${e.averagePrice ? ` @ ₹${showPrice(e.averagePrice, e.tickSize)}` : ''}`
      : '';
  const why = e.rejection ? ` ${untrusted(e.rejection.text, 160)}` : '';
  return `  ${when} ${e.reportType ?? '-'} ${e.status}${filled}${why}`;
}

function ticketNumbers(ticket: Ticket): string[] {
  return ticket.legs.flatMap((l) => (l.outcome?.orderNumber ? [l.outcome.orderNumber] : []));
}

/** `get_order_status`: an order's latest state and history, by order number or by omsdesk ticket id. */
export const getOrderStatusTool = defineTool({
  name: 'get_order_status',
  title: 'Get order status',
  description:
    'An order and its reports, or a ticket and its orders (settling UNKNOWN ones). Accepted is not executed: an order with a number can still be rejected.',
  annotations: READ,
  card: 'linked',
  input: {
    order_number: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/)
      .optional(),
    ticket_id: ticketIdField.optional(),
    events: limitField(10, 50).describe('Reports per order.'),
  },
  output: {
    ticket: z.object(answerOut).optional(),
    orders: z.array(z.object({ order: orderOut, events: z.array(eventOut) })),
  },
  async handler(args, ctx) {
    if ((args.order_number === undefined) === (args.ticket_id === undefined)) {
      throw new ToolInputError(
        'give exactly one of order_number and ticket_id',
        'pass the order number, or the ticket id from a place_* result',
      );
    }
    // A ticket of unknown outcome is settled from the order book first; an old one comes from the audit log.
    const ticket =
      args.ticket_id === undefined ? undefined : await ctx.deps.gate.status(args.ticket_id, ctx.signal);
    if (args.ticket_id !== undefined && !ticket) {
      throw new GateError(
        'TICKET_NOT_FOUND',
        `no ticket ${args.ticket_id} in this omsdesk's records (its audit log included)`,
      );
    }
    const numbers = ticket ? ticketNumbers(ticket) : [args.order_number as string];
    const histories = await Promise.all(
      numbers.map((n) => ctx.deps.client.getOrderHistory(n, { signal: ctx.signal })),
    );
    const orders = histories.map((h) => historyView(h, args.events));
    const lines = histories.flatMap((h) => [
      orderLine(h.current),
      ...h.events.slice(0, args.events).map(eventLine),
    ]);
    const text = ticket
      ? [renderTicket(ticket, confirmationOf(ticket), nextStepFor(ticket)), ...lines].join('\n')
      : lines.join('\n');
    return {
      data: {
        ...(ticket ? { ticket: answerData(ticket, confirmationOf(ticket), nextStepFor(ticket)) } : {}),
        orders,
      },
      text,
    };
  },
});
