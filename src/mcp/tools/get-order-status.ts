import { z } from 'zod';
import { showPrice } from '../../core/checks/index.js';
import type { Order, OrderHistory } from '../../core/domain/order.js';
import { GateError, type Ticket } from '../../core/gate/index.js';
import { ToolInputError } from '../errors.js';
import { ticketIdField } from '../fields.js';
import { limitField } from '../paging.js';
import { nextStepFor, renderTicket } from '../render-ticket.js';
import { external, rejectionOf, rejectionOut } from '../schemas/common.js';
import { orderLine, orderOf, orderOut } from '../schemas/order.js';
import { confirmationOf, ticketData, ticketOut } from '../schemas/ticket.js';
import { ORDER_STATES } from '../schemas/vocabulary.js';
import { defineTool, READ } from '../tool.js';
import { untrusted } from '../untrusted.js';

const eventOut = z.object({
  status: z.enum(ORDER_STATES),
  statusText: z.string(),
  reportType: z.string().optional().describe('NewAck, New, Fill, Rejected, ...'),
  filledQuantity: z.number(),
  averagePrice: z.number().optional(),
  time: z.string().optional().describe('IST.'),
  rejection: rejectionOut.optional(),
});

function historyView(h: OrderHistory, events: number) {
  return {
    order: orderOf(h.current),
    events: h.events.slice(0, events).map((e) => ({
      status: e.status,
      statusText: external(e.statusText, 40) ?? e.status,
      reportType: e.reportType,
      filledQuantity: e.filledQuantity,
      averagePrice: e.averagePrice,
      time: e.updatedAt ?? e.exchangeTime,
      rejection: e.rejection && rejectionOf(e.rejection),
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
    'Where an order stands: its latest state (accepted is not executed: an order can still be rejected after it got a number) and its reports, newest first. Give the order number, or the ticket id a place_* call returned (that also settles orders whose outcome was unknown).',
  annotations: READ,
  input: {
    order_number: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/)
      .optional()
      .describe('The broker order number (14 digits).'),
    ticket_id: ticketIdField.optional(),
    events: limitField(10, 50, 'history entries per order'),
  },
  output: {
    ticket: z.object(ticketOut).optional(),
    orders: z.array(z.object({ order: orderOut, events: z.array(eventOut).describe('Newest first.') })),
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
        ...(ticket ? { ticket: ticketData(ticket, confirmationOf(ticket), nextStepFor(ticket)) } : {}),
        orders,
      },
      text,
    };
  },
});
