import { SlashCommandBuilder } from 'discord.js';
import { showCount, showPrice } from '../../core/checks/index.js';
import type { Order } from '../../core/domain/order.js';
import { GateError } from '../../core/gate/index.js';
import { renderCard } from '../approvals/card.js';
import type { SlashCommand } from '../command.js';
import { DeskInputError } from '../errors.js';
import { ticketId } from '../inputs.js';
import { DATA_LEGEND, external } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { orderLine } from '../text/orders.js';
import { json } from './options.js';

const EVENTS = 8;

function eventLine(e: Order): string {
  const when = (e.updatedAt ?? e.exchangeTime)?.slice(11, 19) ?? '--:--:--';
  const filled =
    e.filledQuantity > 0
      ? ` filled ${showCount(e.filledQuantity)}${e.averagePrice ? ` @ ₹${showPrice(e.averagePrice, e.tickSize)}` : ''}`
      : '';
  const why = e.rejection ? ` ${external(e.rejection.text, 160)}` : '';
  return `${when} ${e.reportType ?? '-'} ${e.status}${filled}${why}`;
}

/** `/order-status`: an order's state and history, by order number or by the ticket that placed it. */
export const orderStatusCommand: SlashCommand = {
  name: 'order-status',
  kind: 'account',
  json: json(
    new SlashCommandBuilder()
      .setName('order-status')
      .setDescription('Where an order stands: by order number or by ticket id')
      .addStringOption((o) =>
        o.setName('order_number').setDescription('The broker order number (14 digits)').setMaxLength(20),
      )
      .addStringOption((o) =>
        o.setName('ticket_id').setDescription('An omsdesk ticket id, e.g. T7K2M9X4Q').setMaxLength(12),
      ),
  ),
  prepare(i, ctx) {
    const number = i.options.getString('order_number')?.trim();
    const id = i.options.getString('ticket_id');
    if ((number === undefined) === (id === null)) {
      throw new DeskInputError(
        'give exactly one of order_number and ticket_id',
        'fill in one of the two options',
      );
    }
    if (number !== undefined && !/^\d{1,20}$/.test(number)) {
      throw new DeskInputError(
        `"${number.slice(0, 20)}" is not an order number`,
        'give the digits of the order number',
      );
    }
    return async () => {
      // A ticket of unknown outcome is settled from the order book first; an old one comes from the audit log.
      const ticket = id === null ? undefined : await ctx.deps.gate.status(ticketId(id), ctx.signal);
      if (id !== null && !ticket) {
        throw new GateError(
          'TICKET_NOT_FOUND',
          `no ticket ${ticketId(id).slice(0, 12)} in this omsdesk's records (its audit log included)`,
        );
      }
      const numbers = ticket
        ? ticket.legs.flatMap((l) => (l.outcome?.orderNumber ? [l.outcome.orderNumber] : []))
        : [number as string];
      const histories = await Promise.all(
        numbers.map((n) => ctx.deps.client.getOrderHistory(n, { signal: ctx.signal })),
      );
      const orders = histories.map((h) =>
        fitEmbed({
          title: `Order ${h.orderNumber}`,
          description: [orderLine(h.current), '', ...h.events.slice(0, EVENTS).map(eventLine)].join('\n'),
          footer: { text: `History newest first. ${DATA_LEGEND}` },
        }),
      );
      return { embeds: [...(ticket ? renderCard(ticket).embeds : []), ...orders].slice(0, 10) };
    };
  },
};
