import { z } from 'zod';
import { showPrice } from '../../core/checks/index.js';
import type { Order, OrderHistory } from '../../core/domain/order.js';
import { isBrokerError } from '../../core/errors.js';
import { GateError, type Ticket } from '../../core/gate/index.js';
import { ToolInputError } from '../errors.js';
import { ticketIdField } from '../fields.js';
import { limitField } from '../paging.js';
import { nextStepFor, renderTicket } from '../render-ticket.js';
import { orderLine, orderOf, orderOut, orderStateOut } from '../schemas/order.js';
import { answerData, answerOut, confirmationOf } from '../schemas/ticket.js';
import { ORDER_STATES } from '../schemas/vocabulary.js';
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

type Times = { sentAt?: string; lastAt?: string };

function legOf(ticket: Ticket, number: string) {
  return ticket.legs.find((l) => l.outcome?.orderNumber === number);
}

function recordedState(status: string | undefined): z.infer<typeof orderStateOut> {
  return (ORDER_STATES as readonly string[]).includes(status ?? '')
    ? (status as z.infer<typeof orderStateOut>)
    : 'UNKNOWN';
}

/**
 * A ticket's order the broker's book no longer holds, in the shape of the broker's own, as omsdesk's audit
 * log last recorded it (its statusText says so): one list of orders whatever their source.
 */
function recordedView(ticket: Ticket, number: string, times: Times) {
  const leg = legOf(ticket, number);
  const o = leg?.outcome;
  return {
    order: {
      orderNumber: number,
      instrument: leg ? `${leg.intent.exchange}:${leg.intent.tradingSymbol}` : '',
      side: leg?.intent.side ?? '',
      quantity: leg?.intent.quantity ?? 0,
      filledQuantity: o?.filledQuantity ?? 0,
      price: leg?.intent.price,
      averagePrice: o?.averagePrice,
      status: recordedState(o?.status),
      statusText: RECORDED_TEXT,
      ticketId: ticket.id,
      updatedAt: times.lastAt,
    },
    events: [],
  };
}

const RECORDED_TEXT = "from omsdesk's audit log: the broker no longer holds it";

function recordedLine(ticket: Ticket, number: string, times: Times): string {
  const o = legOf(ticket, number)?.outcome;
  const price = o?.averagePrice ? ` @ ₹${o.averagePrice}` : '';
  const filled = o?.filledQuantity ? ` filled ${o.filledQuantity}${price}` : '';
  const unknown = 'at a time not recorded';
  return (
    `Order ${number}: the broker no longer holds it (it answers "no data", as for a past day's order). ` +
    `From omsdesk's audit log: sent ${times.sentAt ?? unknown}, last known state ${o?.status ?? 'UNKNOWN'}${filled} ` +
    `(recorded ${times.lastAt ?? unknown}).`
  );
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
    // A ticket's order the broker no longer holds (a past day's: "no data") is told from the audit log.
    const found = await Promise.all(
      numbers.map((n) =>
        ctx.deps.client.getOrderHistory(n, { signal: ctx.signal }).catch((error: unknown) => {
          if (ticket && isBrokerError(error, 'NOT_FOUND')) return n;
          throw error;
        }),
      ),
    );
    const histories = found.filter((h): h is OrderHistory => typeof h !== 'string');
    const gone = found.filter((h): h is string => typeof h === 'string');
    const times: Times = ticket && gone.length > 0 ? await ctx.deps.gate.recordedTimes(ticket.id) : {};
    const orders = [
      ...histories.map((h) => historyView(h, args.events)),
      ...(ticket ? gone.map((n) => recordedView(ticket, n, times)) : []),
    ];
    const lines = [
      ...histories.flatMap((h) => [orderLine(h.current), ...h.events.slice(0, args.events).map(eventLine)]),
      ...(ticket ? gone.map((n) => recordedLine(ticket, n, times)) : []),
    ];
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
